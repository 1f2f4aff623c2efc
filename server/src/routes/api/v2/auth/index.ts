import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema, FilesLoginBodySchema, LoginResponseSchema } from '@hub/shared/api';
import { AUDIENCES } from '../../../../plugins/app/auth/access-tokens';
import { endOwnSessions, exchangeIdToken, LoginError } from '../../auth/login';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 502: ErrorResponseSchema };

  // No provider name here (docs/product.md §7): the token's own issuer picks the provider, then it is verified.
  fastify.post(
    '/auth/login',
    {
      config: { public: true },
      schema: { tags: ['files'], security: [], body: FilesLoginBodySchema, response: { 200: LoginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const issuer = fastify.idTokenVerifier.peekIssuer(request.body.token);
      if (!issuer) return reply.unauthorized('Invalid OIDC token: malformed token');
      const provider = await fastify.providersRepository.findByIssuer(issuer);
      if (!provider) return reply.unauthorized('Invalid OIDC token: unknown issuer');
      try {
        return { status: 'success' as const, access_token: await exchangeIdToken(fastify, request.body.token, provider, AUDIENCES.files) };
      } catch (error) {
        if (error instanceof LoginError) return reply.code(error.statusCode).send(error.body());
        throw error;
      }
    },
  );

  // Sign-out through the file-exchange API: ends the person's tokens of both APIs, as /api/auth/logout.
  fastify.post(
    '/auth/logout',
    { schema: { tags: ['files'], response: { 204: Type.Null(), 401: ErrorResponseSchema } } },
    async (request, reply) => {
      await endOwnSessions(fastify, request.session);
      return reply.code(204).send(null);
    },
  );
};
export default routes;
