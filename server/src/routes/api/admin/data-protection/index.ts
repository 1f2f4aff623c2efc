import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminDataExportParamsSchema,
  DATA_PROTECTION_MESSAGES,
  DataExportCreatedSchema,
  DataExportSchema,
  ERASURE_MESSAGES,
  ErasureBodySchema,
  ErasureReportSchema,
  IdParamSchema,
  isAdministrator,
  USER_MESSAGES,
} from '@hub/shared/api';
import { dataExportLinks } from '../../../../lib/data-protection/export-links';
import { exportAnswer, notDuringDisplayAs } from '../../data-exports/index';
import { errorResponses } from '../../error-responses';

/**
 * A person's data exported by whoever manages them (docs/product.md, "Your data: export and
 * erasure"): an administrator for anyone, a contributor or more for the people of the company in
 * force; anyone else gets 404, as for a person who does not exist. Only the one who asked follows
 * and downloads it. The same people may erase a person, except themselves; only an administrator
 * erases an administrator.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const links = dataExportLinks(fastify.config.sessionSecret, fastify.config.publicUrl);
  const tags = ['data protection'];
  const errors = errorResponses(400, 401, 403, 404);

  fastify.post(
    '/users/:id/exports',
    { onRequest: notDuringDisplayAs, schema: { tags, params: IdParamSchema, response: { 202: DataExportCreatedSchema, ...errors } } },
    async (request, reply) => {
      if (!(await fastify.dataExports.mayManage(request.session, request.params.id))) return reply.notFound(USER_MESSAGES.notFound);
      const id = await fastify.dataExports.request(request.session, request.params.id);
      return reply.code(202).send({ id });
    },
  );

  fastify.get(
    '/users/:id/exports/:exportId',
    {
      onRequest: notDuringDisplayAs,
      schema: { tags, params: AdminDataExportParamsSchema, response: { 200: DataExportSchema, ...errors } },
    },
    async (request, reply) => {
      const { id, exportId } = request.params;
      const me = request.session.actor;
      if (!(await fastify.dataExports.mayManage(request.session, id))) return reply.notFound(USER_MESSAGES.notFound);
      const row = await fastify.dataExports.find(exportId, id, me.id);
      if (!row) return reply.notFound(DATA_PROTECTION_MESSAGES.exportNotFound);
      return exportAnswer(links, row, me);
    },
  );

  fastify.post(
    '/users/:id/erase',
    {
      onRequest: notDuringDisplayAs,
      schema: { tags, params: IdParamSchema, body: ErasureBodySchema, response: { 200: ErasureReportSchema, ...errors } },
    },
    async (request, reply) => {
      const { session } = request;
      const { id } = request.params;
      if (!(await fastify.dataExports.mayManage(session, id))) return reply.notFound(USER_MESSAGES.notFound);
      if (id === session.actor.id) return reply.forbidden(ERASURE_MESSAGES.self);
      const target = await fastify.usersRepository.findById(id);
      if (!target) return reply.notFound(USER_MESSAGES.notFound);
      if (isAdministrator(target.rights) && !isAdministrator(session.rights)) return reply.forbidden(ERASURE_MESSAGES.administrator);
      if (request.body.confirm.trim().toLowerCase() !== target.email) return reply.badRequest(ERASURE_MESSAGES.confirm);
      const report = await fastify.dataExports.erase(session, id);
      return report ?? reply.notFound(USER_MESSAGES.notFound);
    },
  );
};
export default routes;
