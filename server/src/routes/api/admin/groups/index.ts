import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  GROUP_MESSAGES,
  GroupBodySchema,
  GroupDetailSchema,
  GroupListSchema,
  GroupUpdateBodySchema,
  IdParamSchema,
  SearchPageQuerySchema,
} from '@hub/shared/api';
import { requireRole } from '../../require-role';
import { errorResponses } from '../../error-responses';

/** Groups (name, Power BI report server group name, members), under /api/admin/groups: administrators. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook('onRequest', requireRole('administrator'));
  const errors = errorResponses(400, 401, 403, 404, 409);
  const tags = ['admin groups'];

  fastify.get(
    '/groups',
    { schema: { tags, querystring: SearchPageQuerySchema, response: { 200: GroupListSchema, ...errors } } },
    async (request) => fastify.groupsRepository.list(request.query),
  );

  fastify.post(
    '/groups',
    { schema: { tags, body: GroupBodySchema, response: { 201: GroupDetailSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await fastify.groupsRepository.create(request.body, request.session)),
  );

  fastify.get(
    '/groups/:id',
    { schema: { tags, params: IdParamSchema, response: { 200: GroupDetailSchema, ...errors } } },
    async (request, reply) => (await fastify.groupsRepository.get(request.params.id)) ?? reply.notFound(GROUP_MESSAGES.notFound),
  );

  fastify.put(
    '/groups/:id',
    { schema: { tags, params: IdParamSchema, body: GroupUpdateBodySchema, response: { 200: GroupDetailSchema, ...errors } } },
    async (request, reply) =>
      (await fastify.groupsRepository.update(request.params.id, request.body, request.session)) ?? reply.notFound(GROUP_MESSAGES.notFound),
  );

  fastify.delete(
    '/groups/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply) => {
      if (!(await fastify.groupsRepository.remove(request.params.id, request.session))) return reply.notFound(GROUP_MESSAGES.notFound);
      return reply.code(204).send(null);
    },
  );
};
export default routes;
