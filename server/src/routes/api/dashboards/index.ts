import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardListQuerySchema, DashboardListSchema, DashboardSchema, ErrorResponseSchema, IdParamSchema } from '@hub/shared/api';
import { cachedList } from '../cached-list';

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
      const dashboard = await fastify.dashboardsRepository.get(request.params.id, request.session);
      return dashboard ?? reply.notFound('Dashboard not found');
    },
  );
};
export default routes;
