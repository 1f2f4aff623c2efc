import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategoryListQuerySchema, CategoryListSchema, ErrorResponseSchema } from '@hub/shared/api';

/** The categories as shown to users: the content filters and the admin forms' pickers read them. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        querystring: CategoryListQuerySchema,
        response: { 200: CategoryListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => fastify.categoriesRepository.list(request.query),
  );
};
export default routes;
