import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, IdParamSchema, NewsItemListQuerySchema, NewsItemListSchema, NewsItemSchema } from '@hub/shared/api';
import { cachedList } from '../cached-list';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/news-items',
    {
      schema: {
        tags: ['news-items'],
        querystring: NewsItemListQuerySchema,
        response: { 200: NewsItemListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    // From the cache when nothing changed, 304 when the browser's copy is current (../cached-list.ts).
    async (request, reply) =>
      cachedList(fastify.hubCache, request, reply, {
        name: 'news-items',
        query: request.query,
        perUser: false,
        load: () => fastify.newsItemsRepository.list(request.query, request.session),
      }),
  );

  fastify.get(
    '/news-items/:id',
    {
      schema: {
        tags: ['news-items'],
        params: IdParamSchema,
        response: { 200: NewsItemSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const item = await fastify.newsItemsRepository.get(request.params.id, request.session);
      return item ?? reply.notFound('News item not found');
    },
  );
};
export default routes;
