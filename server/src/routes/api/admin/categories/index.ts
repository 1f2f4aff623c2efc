import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CategoryCreateBodySchema,
  CategoryListQuerySchema,
  CategoryListSchema,
  CategorySchema,
  CategoryUpdateBodySchema,
  IdParamSchema,
} from '@hub/shared/api';
import { requireRole } from '../../require-role';
import { errorResponses } from '../../error-responses';

const errors = errorResponses(400, 401, 403, 404);

/** The categories console: administrators only (docs/product.md §6). */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook('onRequest', requireRole('administrator'));
  const categories = fastify.categoriesRepository;
  const tags = ['admin', 'categories'];

  fastify.get(
    '/categories',
    { schema: { tags, querystring: CategoryListQuerySchema, response: { 200: CategoryListSchema, ...errors } } },
    async (request) => categories.list(request.query),
  );

  fastify.post(
    '/categories',
    { schema: { tags, body: CategoryCreateBodySchema, response: { 201: CategorySchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await categories.create(request.body, request.session)),
  );

  fastify.get(
    '/categories/:id',
    { schema: { tags, params: IdParamSchema, response: { 200: CategorySchema, ...errors } } },
    async (request, reply) => {
      const category = await categories.get(request.params.id);
      return category ?? reply.notFound('Category not found');
    },
  );

  fastify.put(
    '/categories/:id',
    { schema: { tags, params: IdParamSchema, body: CategoryUpdateBodySchema, response: { 200: CategorySchema, ...errors } } },
    async (request) => categories.update(request.params.id, request.body, request.session),
  );

  fastify.delete(
    '/categories/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply) => {
      await categories.remove(request.params.id, request.session);
      return reply.code(204).send(null);
    },
  );
};
export default routes;
