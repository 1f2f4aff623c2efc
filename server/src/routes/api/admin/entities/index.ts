import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ENTITY_MESSAGES,
  EntityBodySchema,
  EntityDetailSchema,
  EntityListSchema,
  EntityUpdateBodySchema,
  EntityUserParamsSchema,
  IdParamSchema,
  SearchPageQuerySchema,
  USER_MESSAGES,
} from '@hub/shared/api';
import { requireRole } from '../../require-role';
import { errorResponses } from '../../error-responses';

/** The entities console (docs/product.md §6: administrators), under /api/admin/entities. Every write is audited. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook('onRequest', requireRole('administrator'));
  const errors = errorResponses(400, 401, 403, 404, 409);
  const tags = ['admin entities'];

  fastify.get(
    '/entities',
    { schema: { tags, querystring: SearchPageQuerySchema, response: { 200: EntityListSchema, ...errors } } },
    async (request) => fastify.entitiesRepository.list(request.query, 'all'),
  );

  fastify.post(
    '/entities',
    { schema: { tags, body: EntityBodySchema, response: { 201: EntityDetailSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await fastify.entitiesRepository.create(request.body, request.session)),
  );

  fastify.get(
    '/entities/:id',
    { schema: { tags, params: IdParamSchema, response: { 200: EntityDetailSchema, ...errors } } },
    async (request, reply) => (await fastify.entitiesRepository.get(request.params.id)) ?? reply.notFound(ENTITY_MESSAGES.notFound),
  );

  fastify.put(
    '/entities/:id',
    { schema: { tags, params: IdParamSchema, body: EntityUpdateBodySchema, response: { 200: EntityDetailSchema, ...errors } } },
    async (request, reply) =>
      (await fastify.entitiesRepository.update(request.params.id, request.body, request.session)) ??
      reply.notFound(ENTITY_MESSAGES.notFound),
  );

  fastify.delete(
    '/entities/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply) => {
      if (!(await fastify.entitiesRepository.remove(request.params.id, request.session))) return reply.notFound(ENTITY_MESSAGES.notFound);
      return reply.code(204).send(null);
    },
  );

  // A user belongs to one entity: adding moves them from the one they were in.
  fastify.put(
    '/entities/:entityId/user/add/:userId',
    { schema: { tags, params: EntityUserParamsSchema, response: { 200: EntityDetailSchema, ...errors } } },
    async (request, reply) => {
      const { entityId, userId } = request.params;
      return (
        (await fastify.entitiesRepository.addUser(entityId, userId, request.session)) ??
        reply.notFound(`${ENTITY_MESSAGES.notFound} or ${USER_MESSAGES.notFound.toLowerCase()}`)
      );
    },
  );

  fastify.put(
    '/entities/:entityId/user/remove/:userId',
    { schema: { tags, params: EntityUserParamsSchema, response: { 200: EntityDetailSchema, ...errors } } },
    async (request, reply) => {
      const { entityId, userId } = request.params;
      return (
        (await fastify.entitiesRepository.removeUser(entityId, userId, request.session)) ??
        reply.notFound(`${ENTITY_MESSAGES.notFound} or ${USER_MESSAGES.notFound.toLowerCase()}`)
      );
    },
  );
};
export default routes;
