import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminUserListItemSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserSchema,
  AdminUserUpdateBodySchema,
  EntityUserParamsSchema,
  IdParamSchema,
  isAdministrator,
  SearchPageQuerySchema,
  USER_MESSAGES,
} from '@hub/shared/api';
import { requireRole } from '../../require-role';
import { errorResponses } from '../../error-responses';

/**
 * The users console (docs/product.md §6: administrators), under /api/admin/users. One exception:
 * GET /users/entity/{id} also serves a contributor or publisher for their own entity, which is
 * what the entity admin area (/entity/admin/users) lists; another entity's users are refused (403).
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const administrator = requireRole('administrator');
  const errors = errorResponses(400, 401, 403, 404);
  const list = { tags: ['admin users'], querystring: SearchPageQuerySchema, response: { 200: AdminUserListSchema, ...errors } };
  /** The console's lists also filter by role. */
  const usersList = { ...list, querystring: AdminUserListQuerySchema };

  fastify.get('/users', { onRequest: administrator, schema: usersList }, async (request) =>
    fastify.adminUsersRepository.list(request.query, { kind: 'all' }),
  );

  fastify.get(
    '/users/:id',
    { onRequest: administrator, schema: { tags: ['admin users'], params: IdParamSchema, response: { 200: AdminUserSchema, ...errors } } },
    async (request, reply) => (await fastify.adminUsersRepository.get(request.params.id)) ?? reply.notFound(USER_MESSAGES.notFound),
  );

  fastify.put(
    '/users/:id',
    {
      onRequest: administrator,
      schema: {
        tags: ['admin users'],
        params: IdParamSchema,
        body: AdminUserUpdateBodySchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request, reply) =>
      (await fastify.adminUsersRepository.update(request.params.id, request.body, request.session)) ??
      reply.notFound(USER_MESSAGES.notFound),
  );

  // "End this person's sessions": every access token of the user (both APIs, every process) is
  // refused from now on; they sign in again. Audited.
  fastify.post(
    '/users/:id/end-sessions',
    {
      onRequest: administrator,
      schema: { tags: ['admin users'], params: IdParamSchema, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      if (!(await fastify.usersRepository.endSessions(request.params.id))) return reply.notFound(USER_MESSAGES.notFound);
      await fastify.auditRepository.record(request.session, { action: 'user.end-sessions', itemType: 'user', itemId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  fastify.get('/users/entity/:id', { schema: { ...usersList, params: IdParamSchema } }, async (request, reply) => {
    const { session } = request;
    if (!isAdministrator(session.rights) && request.params.id !== session.entityId) return reply.forbidden(USER_MESSAGES.otherEntity);
    if (!(await fastify.usersRepository.entityExists(request.params.id))) return reply.notFound('Entity not found');
    return fastify.adminUsersRepository.list(request.query, { kind: 'entity', entityId: request.params.id });
  });

  // One user of the entity, for the entity admin area's details page (read-only there: changing a user is the
  // administrators' console). Another entity is refused as the list is (403); a user outside this entity is 404.
  fastify.get(
    '/users/entity/:entityId/user/:userId',
    { schema: { tags: ['admin users'], params: EntityUserParamsSchema, response: { 200: AdminUserListItemSchema, ...errors } } },
    async (request, reply) => {
      const { session } = request;
      const { entityId, userId } = request.params;
      if (!isAdministrator(session.rights) && entityId !== session.entityId) return reply.forbidden(USER_MESSAGES.otherEntity);
      const user = await fastify.adminUsersRepository.get(userId);
      if (!user || user.entity?.id !== entityId) return reply.notFound(USER_MESSAGES.notFound);
      const { id, first_name, last_name, email, rights, entity, contact_enable, profile_image } = user;
      return { id, first_name, last_name, email, rights, entity, contact_enable, profile_image };
    },
  );

  fastify.get('/users/get/no-entity', { onRequest: administrator, schema: usersList }, async (request) =>
    fastify.adminUsersRepository.list(request.query, { kind: 'no-entity' }),
  );

  // The trailing slashes are docs/product.md §7's paths, kept as the browser calls them.
  fastify.get('/users/get/contacts/', { onRequest: administrator, schema: list }, async (request) =>
    fastify.adminUsersRepository.list(request.query, { kind: 'contacts' }),
  );

  fastify.get('/users/get/displayas/', { onRequest: administrator, schema: list }, async (request) =>
    fastify.adminUsersRepository.list(request.query, { kind: 'display-as', actorId: request.session.actor.id }),
  );
};
export default routes;
