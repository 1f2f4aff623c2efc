import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAdviceListQuerySchema,
  AdviceCreateBodySchema,
  AdviceListSchema,
  AdviceSchema,
  AdviceUpdateBodySchema,
  AudienceUserListSchema,
  ErrorResponseSchema,
  IdParamSchema,
  ItemUserParamsSchema,
  PageQuerySchema,
  PUBLICATION,
} from '@hub/shared/api';
import { fieldErrors } from '../../field-errors';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const NOT_FOUND = 'Advice not found';

/**
 * Advices in the admin API (contributor or more, checked by the admin scope). A contributor or
 * publisher manages their own entity's advices; another entity's are 404 (ids do not leak).
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.setSchemaErrorFormatter(fieldErrors);
  const advices = fastify.advicesRepository;
  const tags = ['admin', 'advices'];

  fastify.get('/advices', { schema: { tags, querystring: AdminAdviceListQuerySchema, response: { 200: AdviceListSchema, ...errors } } }, async (request) =>
    advices.adminList(request.query, request.session),
  );

  fastify.post('/advices', { schema: { tags, body: AdviceCreateBodySchema, response: { 201: AdviceSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await advices.create(request.body, request.session)),
  );

  fastify.get('/advices/:id', { schema: { tags, params: IdParamSchema, response: { 200: AdviceSchema, ...errors } } }, async (request, reply) => {
    const advice = await advices.adminGet(request.params.id, request.session);
    return advice ?? reply.notFound(NOT_FOUND);
  });

  fastify.put('/advices/:id', { schema: { tags, params: IdParamSchema, body: AdviceUpdateBodySchema, response: { 200: AdviceSchema, ...errors } } }, async (request) =>
    advices.update(request.params.id, request.body, request.session),
  );

  fastify.delete('/advices/:id', { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } }, async (request, reply) => {
    await advices.remove(request.params.id, request.session);
    return reply.code(204).send(null);
  });

  fastify.put('/advices/:id/publish', { schema: { tags, params: IdParamSchema, response: { 200: AdviceSchema, ...errors } } }, async (request) =>
    advices.setStatus(request.params.id, PUBLICATION.published, request.session),
  );

  fastify.put('/advices/:id/unpublish', { schema: { tags, params: IdParamSchema, response: { 200: AdviceSchema, ...errors } } }, async (request) =>
    advices.setStatus(request.params.id, PUBLICATION.draft, request.session),
  );

  fastify.get('/advices/:id/users', { schema: { tags, params: IdParamSchema, response: { 200: AudienceUserListSchema, ...errors } } }, async (request, reply) => {
    const users = await advices.recipients(request.params.id, request.session);
    return users ?? reply.notFound(NOT_FOUND);
  });

  for (const change of ['set-unique', 'add', 'remove'] as const) {
    fastify.put(`/advices/:id/users/${change}/:userId`, { schema: { tags, params: ItemUserParamsSchema, response: { 200: AdviceSchema, ...errors } } }, async (request) =>
      advices.changeRecipients(request.params.id, change, request.params.userId, request.session),
    );
  }

  fastify.put('/advices/:id/users/clear', { schema: { tags, params: IdParamSchema, response: { 200: AdviceSchema, ...errors } } }, async (request) =>
    advices.changeRecipients(request.params.id, 'clear', null, request.session),
  );

  fastify.get(
    '/users/:id/advices-with-sources',
    { schema: { tags, params: IdParamSchema, querystring: PageQuerySchema, response: { 200: AdviceListSchema, ...errors } } },
    async (request, reply) => {
      const list = await advices.listForUser(request.params.id, request.query, request.session);
      return list ?? reply.notFound('User not found');
    },
  );
};
export default routes;
