import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponseSchema,
  isContributor,
  parseSearchKinds,
  SEARCH_PAGE_SIZE,
  SearchQuerySchema,
  SearchResultSchema,
} from '@hub/shared/api';
import { search } from '../../../lib/search/search';

/**
 * One search over everything the caller may see (docs/product.md §11). `scope=admin` is the
 * consoles' search (contributor or more): every status of the content they manage, and, for
 * administrators and an entity's staff, people, companies and groups.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { query, session } = request;
      const scope = query.scope ?? 'portal';
      if (scope === 'admin' && !isContributor(session.rights)) return reply.forbidden('The admin search is for contributors and above');
      return search(fastify.db, session, {
        q: query.q,
        kinds: parseSearchKinds(query.kinds),
        scope,
        from: query.from,
        to: query.to,
        page: query.page ?? 1,
        pageSize: query.page_size ?? SEARCH_PAGE_SIZE,
        includesUnpublished: query.includes_unpublished === true,
      });
    },
  );
};
export default routes;
