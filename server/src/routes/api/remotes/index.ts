import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, RemoteListSchema, remotesAllowed } from '@hub/shared/api';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // Only the remotes the caller's role allows: the shell never learns where the others are. Each
  // with the release this person gets (under display-as, the displayed person's), from the registry
  // this process holds: no query.
  fastify.get(
    '/remotes',
    { schema: { tags: ['remotes'], response: { 200: RemoteListSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const { user } = request.session;
      const person = { id: user.id, entityId: user.entity_id };
      return {
        remotes: remotesAllowed(request.session.rights).map((name) => ({ name, ...fastify.remotesRepository.releaseFor(name, person) })),
      };
    },
  );
};
export default routes;
