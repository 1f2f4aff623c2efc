import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientErrorSchema, ErrorResponseSchema } from '@hub/shared/api';
import { Type } from 'typebox';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // A browser's report of what went wrong on its side, for the server log (issue 11: a remote released
  // alone that the shell refused to mount). Signed-in callers only; the schema bounds what is logged.
  fastify.post(
    '/client-errors',
    {
      schema: {
        tags: ['client-errors'],
        body: ClientErrorSchema,
        response: { 204: Type.Null(), 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { remote, version, reasons } = request.body;
      request.log.warn(
        { clientError: request.body, userId: request.session.actor.id },
        `client error: the remote "${remote}" (build ${version}) was not mounted: ${reasons.join(' ')}`,
      );
      return reply.code(204).send(null);
    },
  );
};
export default routes;
