import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditFiltersSchema, AuditListSchema, AuditQuerySchema } from '@hub/shared/api';
import { errorResponses } from '../../error-responses';
import { requireRole } from '../../require-role';

/** The audit log, for administrators: display-as starts, every admin write and the Power BI sync runs. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const errors = errorResponses(400, 401, 403);
  const tags = ['admin'];

  fastify.get(
    '/audit',
    {
      onRequest: requireRole('administrator'),
      schema: { tags, querystring: AuditQuerySchema, response: { 200: AuditListSchema, ...errors } },
    },
    async (request) => fastify.auditRepository.list(request.query),
  );

  fastify.get(
    '/audit/filters',
    { onRequest: requireRole('administrator'), schema: { tags, response: { 200: AuditFiltersSchema, ...errors } } },
    async () => fastify.auditRepository.filters(),
  );
};
export default routes;
