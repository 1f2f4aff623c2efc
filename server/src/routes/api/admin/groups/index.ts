import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminUserListSchema,
  GROUP_MESSAGES,
  GroupBodySchema,
  GroupDetailSchema,
  GroupListSchema,
  GroupUpdateBodySchema,
  GroupUserParamsSchema,
  IdParamSchema,
  SearchPageQuerySchema,
  USER_MESSAGES,
} from '@hub/shared/api';
import { requireRole } from '../../require-role';
import { errorResponses } from '../../error-responses';

/**
 * Groups (name, Power BI report server group name, members), under /api/admin/groups: administrators.
 * A group's answer counts its members; the members are a list of their own, paged and searched
 * (GET /groups/{id}/users), changed one at a time (PUT /groups/{id}/users/add|remove/{userId}).
 */
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

  // The members, as the users lists answer them (GET /users/entity/{id} for an entity's users).
  fastify.get(
    '/groups/:id/users',
    {
      schema: {
        tags,
        params: IdParamSchema,
        querystring: SearchPageQuerySchema,
        response: { 200: AdminUserListSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await fastify.groupsRepository.exists(request.params.id))) return reply.notFound(GROUP_MESSAGES.notFound);
      return fastify.adminUsersRepository.list(request.query, { kind: 'group', groupId: request.params.id });
    },
  );

  for (const change of ['add', 'remove'] as const) {
    fastify.put(
      `/groups/:id/users/${change}/:userId`,
      { schema: { tags, params: GroupUserParamsSchema, response: { 200: GroupDetailSchema, ...errors } } },
      async (request, reply) => {
        const { id, userId } = request.params;
        const group =
          change === 'add'
            ? await fastify.groupsRepository.addUser(id, userId, request.session)
            : await fastify.groupsRepository.removeUser(id, userId, request.session);
        return group ?? reply.notFound(`${GROUP_MESSAGES.notFound} or ${USER_MESSAGES.notFound.toLowerCase()}`);
      },
    );
  }

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
