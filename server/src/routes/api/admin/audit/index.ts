import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditListSchema, AuditQuerySchema, ErrorResponseSchema } from '@hub/shared/api';
import { requireRole } from '../../require-role';

/** The audit log, for administrators: display-as starts and every admin write. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/audit',
    {
      onRequest: requireRole('administrator'),
      schema: { tags: ['admin'], querystring: AuditQuerySchema, response: { 200: AuditListSchema, 403: ErrorResponseSchema } },
    },
    async (request) => fastify.auditRepository.list(request.query),
  );
};
export default routes;
