import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminNewsItemListQuerySchema,
  IdParamSchema,
  NewsItemCreateBodySchema,
  AdminNewsItemListSchema,
  NewsItemSchema,
  NewsItemUpdateBodySchema,
  PUBLICATION,
} from '@hub/shared/api';
import { errorResponses } from '../../error-responses';
import { versionRoutes } from '../content-version-routes';

const errors = errorResponses(400, 401, 403, 404, 409);

/** News items in the admin API (contributor or more, checked by the admin scope): not per entity. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const news = fastify.newsItemsRepository;
  const tags = ['admin', 'news-items'];

  fastify.get(
    '/news-items',
    { schema: { tags, querystring: AdminNewsItemListQuerySchema, response: { 200: AdminNewsItemListSchema, ...errors } } },
    async (request) => news.adminList(request.query),
  );

  fastify.post(
    '/news-items',
    { schema: { tags, body: NewsItemCreateBodySchema, response: { 201: NewsItemSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await news.create(request.body, request.session)),
  );

  fastify.get(
    '/news-items/:id',
    { schema: { tags, params: IdParamSchema, response: { 200: NewsItemSchema, ...errors } } },
    async (request, reply) => {
      const item = await news.adminGet(request.params.id);
      return item ?? reply.notFound('News item not found');
    },
  );

  fastify.put(
    '/news-items/:id',
    { schema: { tags, params: IdParamSchema, body: NewsItemUpdateBodySchema, response: { 200: NewsItemSchema, ...errors } } },
    async (request) => news.update(request.params.id, request.body, request.session),
  );

  fastify.delete(
    '/news-items/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply) => {
      await news.remove(request.params.id, request.session);
      return reply.code(204).send(null);
    },
  );

  fastify.put(
    '/news-items/:id/publish',
    { schema: { tags, params: IdParamSchema, response: { 200: NewsItemSchema, ...errors } } },
    async (request) => news.setStatus(request.params.id, PUBLICATION.published, request.session),
  );

  fastify.put(
    '/news-items/:id/unpublish',
    { schema: { tags, params: IdParamSchema, response: { 200: NewsItemSchema, ...errors } } },
    async (request) => news.setStatus(request.params.id, PUBLICATION.draft, request.session),
  );

  versionRoutes(fastify, {
    name: 'news-items',
    itemType: 'news-item',
    item: NewsItemSchema,
    notFound: 'News item not found',
    find: news.adminGet,
  });
};
export default routes;
