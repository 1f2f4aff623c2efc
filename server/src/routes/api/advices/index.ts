import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdviceListQuerySchema, AdviceListSchema, AdviceSchema, ErrorResponseSchema, IdParamSchema } from '@hub/shared/api';
import { cachedList } from '../cached-list';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/advices',
    {
      schema: {
        tags: ['advices'],
        querystring: AdviceListQuerySchema,
        response: { 200: AdviceListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    // From the cache when nothing changed, 304 when the browser's copy is current (../cached-list.ts).
    async (request, reply) =>
      cachedList(fastify.hubCache, request, reply, {
        name: 'advices',
        query: request.query,
        perUser: true,
        load: () => fastify.advicesRepository.list(request.query, request.session),
      }),
  );

  fastify.get(
    '/advices/:id',
    {
      schema: {
        tags: ['advices'],
        params: IdParamSchema,
        response: { 200: AdviceSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // 404 rather than 403: whether an advice of another entity exists is not the caller's business.
      const advice = await fastify.advicesRepository.get(request.params.id, request.session);
      // One view per person per day, written in batches (plugins/app/reach/advice-views.ts).
      if (advice) fastify.adviceViews.record(advice.id, request.session);
      return advice ?? reply.notFound('Advice not found');
    },
  );
};
export default routes;
