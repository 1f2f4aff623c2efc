import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DASHBOARD_MESSAGES,
  DashboardListQuerySchema,
  DashboardListSchema,
  DashboardSchema,
  ErrorResponseSchema,
  IdParamSchema,
} from '@hub/shared/api';
import { Type } from 'typebox';
import { cachedList } from '../cached-list';
import { errorResponses } from '../error-responses';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/dashboards',
    {
      schema: {
        tags: ['dashboards'],
        querystring: DashboardListQuerySchema,
        response: { 200: DashboardListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    // From the cache when nothing changed, 304 when the browser's copy is current (../cached-list.ts).
    async (request, reply) =>
      cachedList(fastify.hubCache, request, reply, {
        name: 'dashboards',
        query: request.query,
        perUser: true,
        load: () => fastify.dashboardsRepository.list(request.query, request.session),
      }),
  );

  // The embedded frame's page (/dashboards/{id}) opened directly, without the list.
  fastify.get(
    '/dashboards/:id',
    {
      schema: {
        tags: ['dashboards'],
        params: IdParamSchema,
        response: { 200: DashboardSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // A consultant also opens the dashboards of their customers (the link in a customer's question).
      const dashboard = await fastify.dashboardsRepository.get(request.params.id, request.session, { asConsultant: true });
      return dashboard ?? reply.notFound('Dashboard not found');
    },
  );

  // The person's favourites (a star on each dashboard they see): PUT stars, DELETE unstars, both
  // idempotent. Display-as only shows the portal as someone: it does not change their favourites.
  for (const method of ['PUT', 'DELETE'] as const) {
    fastify.route({
      method,
      url: '/dashboards/:id/favourite',
      schema: { tags: ['dashboards'], params: IdParamSchema, response: { 204: Type.Null(), ...errorResponses(401, 403, 404) } },
      handler: async (request, reply) => {
        if (request.session.displayAs) return reply.forbidden(DASHBOARD_MESSAGES.displayAsFavourite);
        const done = await fastify.dashboardsRepository.setFavourite(request.params.id, method === 'PUT', request.session);
        return done ? reply.code(204).send(null) : reply.notFound('Dashboard not found');
      },
    });
  }
};
export default routes;
