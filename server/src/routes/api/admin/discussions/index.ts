import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DiscussionListSchema, DiscussionThreadSchema, IdParamSchema } from '@hub/shared/api';
import { errorResponses } from '../../error-responses';

const errors = errorResponses(401, 403, 404);

/**
 * Admin discussions (docs/product.md §7): an administrator sees every discussion, a contributor those of the
 * customers of the entity in force. The history is read-only: it never marks messages read.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.discussionsRepository;
  const tags = ['admin', 'discussions'];
  fastify.get('/discussions', { schema: { tags, response: { 200: DiscussionListSchema, ...errors } } }, async (request) =>
    repository.listAdmin(request.session, 'open'),
  );
  fastify.get('/discussions/all', { schema: { tags, response: { 200: DiscussionListSchema, ...errors } } }, async (request) =>
    repository.listAdmin(request.session, 'all'),
  );
  fastify.get(
    '/discussions/history/:id',
    { schema: { tags, params: IdParamSchema, response: { 200: DiscussionThreadSchema, ...errors } } },
    async (request, reply) => {
      const listed = await repository.listAdmin(request.session, 'all');
      if (!listed.items.some((discussion) => discussion.id === request.params.id)) return reply.notFound('Discussion not found');
      return (await repository.thread(request.session, request.params.id, { admin: true })) ?? reply.notFound('Discussion not found');
    },
  );
};
export default routes;
