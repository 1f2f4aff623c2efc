import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CLIENT_EVENTS_LIMITS, ClientEventBatchSchema, ErrorResponseSchema } from '@hub/shared/api';
import { Type } from 'typebox';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // The browsers' figures of each remote and release (docs/releasing.md). Signed-in callers only; a
  // body past CLIENT_EVENTS_LIMITS.bodyBytes is 413 and a malformed one 400, before anything is
  // counted. Each person has a budget of counted events per minute on each process
  // (CLIENT_EVENTS_PER_MINUTE): past it, 429 and nothing counted. Events of a release the registry
  // does not hold are dropped, so no caller can add rows or metric series.
  fastify.post(
    '/client-events',
    {
      bodyLimit: CLIENT_EVENTS_LIMITS.bodyBytes,
      schema: {
        tags: ['remotes'],
        body: ClientEventBatchSchema,
        response: {
          204: Type.Null(),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          413: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { events } = request.body;
      const count = events.reduce((sum, event) => sum + event.count, 0);
      const wait = fastify.clientEvents.budget.take(request.session.actor.id, count);
      if (wait > 0) {
        return reply
          .code(429)
          .header('retry-after', String(wait))
          .send({ statusCode: 429, error: 'Too Many Requests', message: `Too many events from this person, retry in ${wait} seconds` });
      }
      fastify.clientEvents.add(events);
      return reply.code(204).send(null);
    },
  );
};
export default routes;
