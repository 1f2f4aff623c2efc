import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CheckDisplayAsBodySchema,
  CheckDisplayAsResponseSchema,
  ErrorResponseSchema,
  isAdministrator,
  LoginBodySchema,
  LoginResponseSchema,
  ProviderListSchema,
  ProviderParamsSchema,
  ProviderSchema,
  UserSchema,
} from '@hub/shared/api';
import { AUDIENCES } from '../../../plugins/app/auth/access-tokens';
import { endOwnSessions, exchangeIdToken, LoginError } from './login';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const errors = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    502: ErrorResponseSchema,
  };

  fastify.get(
    '/auth/providers',
    { config: { public: true }, schema: { tags: ['auth'], security: [], response: { 200: ProviderListSchema } } },
    async () => ({ providers: await fastify.providersRepository.listEnabled() }),
  );

  fastify.get(
    '/auth/provider/:name',
    {
      config: { public: true },
      schema: { tags: ['auth'], security: [], params: ProviderParamsSchema, response: { 200: ProviderSchema, 404: ErrorResponseSchema } },
    },
    async (request, reply) => {
      const provider = await fastify.providersRepository.find(request.params.name);
      if (!provider) return reply.notFound(`Unknown identity provider "${request.params.name}"`);
      return fastify.providersRepository.toApi(provider);
    },
  );

  fastify.post(
    '/auth/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], security: [], body: LoginBodySchema, response: { 200: LoginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const provider = await fastify.providersRepository.find(request.body.provider);
      if (!provider) return reply.badRequest(`Unknown identity provider "${request.body.provider}"`);
      try {
        const token = await exchangeIdToken(fastify, request.body.token, provider, AUDIENCES.hub);
        return { status: 'success' as const, access_token: token };
      } catch (error) {
        if (error instanceof LoginError) return reply.code(error.statusCode).send(error.body());
        throw error;
      }
    },
  );

  fastify.get(
    '/auth/user',
    { schema: { tags: ['auth'], response: { 200: UserSchema, 401: ErrorResponseSchema } } },
    async (request, reply) => {
      const user = await fastify.usersRepository.profile(request.session.user.id);
      if (!user) return reply.unauthorized('Invalid or expired token');
      return user;
    },
  );

  // Sign-out: every access token of the signed-in person (both APIs, every server process) is
  // refused from now on. The shell calls it before leaving for the provider's end-session page.
  fastify.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 204: Type.Null(), 401: ErrorResponseSchema } } },
    async (request, reply) => {
      await endOwnSessions(fastify, request.session);
      return reply.code(204).send(null);
    },
  );

  // Display-as (docs/product.md §4): the browser starts it only when this answers success, then sends
  // Display-As-User-Id; the session guard checks that header again on every call.
  fastify.post(
    '/auth/check-display-as',
    {
      schema: {
        tags: ['auth'],
        body: CheckDisplayAsBodySchema,
        response: { 200: CheckDisplayAsResponseSchema, 400: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { actor } = request.session;
      if (request.session.displayAs || !isAdministrator(actor.rights)) return reply.forbidden('Display-as is for administrators');
      const target = await fastify.usersRepository.findById(request.body.display_as_user_id);
      if (!target) return reply.notFound('No such user');
      await fastify.auditRepository.record(request.session, {
        action: 'display-as.start',
        itemType: 'user',
        itemId: target.id,
        details: { email: target.email },
      });
      return { status: 'success' as const, display_as_user: { id: target.id } };
    },
  );
};
export default routes;
