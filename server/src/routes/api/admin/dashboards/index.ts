import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminDashboardListQuerySchema,
  DashboardCreateBodySchema,
  DashboardListSchema,
  DashboardSchema,
  DashboardUpdateBodySchema,
  AudienceUserListSchema,
  ErrorResponseSchema,
  IdParamSchema,
  ItemUserParamsSchema,
  PageQuerySchema,
  PUBLICATION,
} from '@hub/shared/api';
import { fieldErrors } from '../../field-errors';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const NOT_FOUND = 'Dashboard not found';

/**
 * Dashboards in the admin API (contributor or more, checked by the admin scope). A contributor or
 * publisher manages their own entity's dashboards; another entity's are 404 (ids do not leak).
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.setSchemaErrorFormatter(fieldErrors);
  const dashboards = fastify.dashboardsRepository;
  const tags = ['admin', 'dashboards'];

  fastify.get('/dashboards', { schema: { tags, querystring: AdminDashboardListQuerySchema, response: { 200: DashboardListSchema, ...errors } } }, async (request) =>
    dashboards.adminList(request.query, request.session),
  );

  fastify.post('/dashboards', { schema: { tags, body: DashboardCreateBodySchema, response: { 201: DashboardSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await dashboards.create(request.body, request.session)),
  );

  fastify.get('/dashboards/:id', { schema: { tags, params: IdParamSchema, response: { 200: DashboardSchema, ...errors } } }, async (request, reply) => {
    const dashboard = await dashboards.adminGet(request.params.id, request.session);
    return dashboard ?? reply.notFound(NOT_FOUND);
  });

  fastify.put('/dashboards/:id', { schema: { tags, params: IdParamSchema, body: DashboardUpdateBodySchema, response: { 200: DashboardSchema, ...errors } } }, async (request) =>
    dashboards.update(request.params.id, request.body, request.session),
  );

  fastify.delete('/dashboards/:id', { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } }, async (request, reply) => {
    await dashboards.remove(request.params.id, request.session);
    return reply.code(204).send(null);
  });

  fastify.put('/dashboards/:id/publish', { schema: { tags, params: IdParamSchema, response: { 200: DashboardSchema, ...errors } } }, async (request) =>
    dashboards.setStatus(request.params.id, PUBLICATION.published, request.session),
  );

  fastify.put('/dashboards/:id/unpublish', { schema: { tags, params: IdParamSchema, response: { 200: DashboardSchema, ...errors } } }, async (request) =>
    dashboards.setStatus(request.params.id, PUBLICATION.draft, request.session),
  );

  fastify.get('/dashboards/:id/users', { schema: { tags, params: IdParamSchema, response: { 200: AudienceUserListSchema, ...errors } } }, async (request, reply) => {
    const users = await dashboards.recipients(request.params.id, request.session);
    return users ?? reply.notFound(NOT_FOUND);
  });

  for (const change of ['set-unique', 'add', 'remove'] as const) {
    fastify.put(`/dashboards/:id/users/${change}/:userId`, { schema: { tags, params: ItemUserParamsSchema, response: { 200: DashboardSchema, ...errors } } }, async (request) =>
      dashboards.changeRecipients(request.params.id, change, request.params.userId, request.session),
    );
  }

  fastify.put('/dashboards/:id/users/clear', { schema: { tags, params: IdParamSchema, response: { 200: DashboardSchema, ...errors } } }, async (request) =>
    dashboards.changeRecipients(request.params.id, 'clear', null, request.session),
  );

  fastify.get(
    '/users/:id/dashboards-with-sources',
    { schema: { tags, params: IdParamSchema, querystring: PageQuerySchema, response: { 200: DashboardListSchema, ...errors } } },
    async (request, reply) => {
      const list = await dashboards.listForUser(request.params.id, request.query, request.session);
      return list ?? reply.notFound('User not found');
    },
  );
};
export default routes;
