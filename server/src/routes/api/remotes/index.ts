import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONFIGURED_RELEASE, ErrorResponseSchema, RemoteListSchema, remotesAllowed } from '@hub/shared/api';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // Only the remotes the caller's role allows: the shell never learns where the others are.
  fastify.get(
    '/remotes',
    { schema: { tags: ['remotes'], response: { 200: RemoteListSchema, 401: ErrorResponseSchema } } },
    async (request) => ({
      remotes: remotesAllowed(request.session.rights).map((name) => ({ name, entry: fastify.config.remotes[name], version: CONFIGURED_RELEASE })),
    }),
  );
};
export default routes;
