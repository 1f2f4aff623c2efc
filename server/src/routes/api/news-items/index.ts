import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, IdParamSchema, NewsItemListQuerySchema, NewsItemListSchema, NewsItemSchema } from '@hub/shared/api';

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
    async (request) => fastify.newsItemsRepository.list(request.query, request.session),
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
