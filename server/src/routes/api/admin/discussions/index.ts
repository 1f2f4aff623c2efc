import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DiscussionListQuerySchema, DiscussionListSchema, DiscussionThreadSchema, IdParamSchema, ThreadQuerySchema } from '@hub/shared/api';
import { errorResponses } from '../../error-responses';

const errors = errorResponses(400, 401, 403, 404);

/**
 * Admin discussions (docs/product.md §7): an administrator sees every discussion, a contributor those of the
 * customers of the entity in force. The history is read-only: it never marks messages read.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.discussionsRepository;
  const tags = ['admin', 'discussions'];
  const listSchema = { tags, querystring: DiscussionListQuerySchema, response: { 200: DiscussionListSchema, ...errors } };
  fastify.get('/discussions', { schema: listSchema }, async (request) => repository.listAdmin(request.session, 'open', request.query));
  fastify.get('/discussions/all', { schema: listSchema }, async (request) => repository.listAdmin(request.session, 'all', request.query));
  fastify.get(
    '/discussions/history/:id',
    { schema: { tags, params: IdParamSchema, querystring: ThreadQuerySchema, response: { 200: DiscussionThreadSchema, ...errors } } },
    async (request, reply) => {
      if (!(await repository.adminCanSee(request.session, request.params.id))) return reply.notFound('Discussion not found');
      const thread = await repository.thread(request.session, request.params.id, {
        admin: true,
        pageSize: request.query.page_size,
        before: request.query.before,
      });
      return thread ?? reply.notFound('Discussion not found');
    },
  );
};
export default routes;
