import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUDIENCES, type Audience } from '../../plugins/app/auth/access-tokens';
import '../../plugins/app/auth/session';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The session guard of every route below it, unless the route says `config: { public: true }`:
 * a valid access token for this API, a user that still exists. Sets `request.session`.
 * fastify-plugin lets the hook reach the scope that registers this file.
 */
export function sessionGuard(audience: Audience) {
  return fp(async (fastify: FastifyInstance) => {
    fastify.decorateRequest('session', null as never);
    fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.routeOptions.config.public) return;
      const token = bearerToken(request);
      if (!token) return reply.unauthorized('Missing bearer token');
      const userId = await fastify.accessTokens.verify(token, audience);
      const user = userId === null ? null : await fastify.usersRepository.findById(userId);
      if (!user) return reply.unauthorized('Invalid or expired token');
      request.session = { user, rights: user.rights, entityId: user.entity_id };
    });
  });
}

export default sessionGuard(AUDIENCES.hub);
