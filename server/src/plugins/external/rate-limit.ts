import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AUDIENCES } from '../app/auth/access-tokens';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * A generous limit per minute on the API and the identity provider; static files are not counted.
 * A signed-in call counts against its user (a valid access token of the API it calls), so that
 * colleagues behind one company proxy do not share a budget; anything else (sign-in, public
 * routes, a bad token) counts against its address.
 */
export default fp(
  async (fastify) => {
    async function rateKey(request: FastifyRequest): Promise<string> {
      const match = BEARER.exec(request.headers.authorization ?? '');
      if (match) {
        const audience = /^\/api\/v2(\/|$)/.test(request.url) ? AUDIENCES.files : AUDIENCES.hub;
        // Verified tokens are remembered, so this costs a map lookup on all but the first call.
        const userId = await fastify.accessTokens.verify(match[1]!, audience);
        if (userId !== null) return `user:${userId}`;
      }
      return `address:${request.ip}`;
    }

    await fastify.register(rateLimit, {
      max: fastify.config.rateLimitMax,
      timeWindow: '1 minute',
      allowList: (request) => !/^\/(api|idp)(\/|$)/.test(request.url),
      keyGenerator: rateKey,
      // Not per route (route hooks run after the session guard's): one hook at the root, before any
      // guard, so that calls with a bad token and unknown routes are counted too.
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Rate limit exceeded, retry in ${context.after}`,
      }),
    });
    fastify.addHook('onRequest', fastify.rateLimit());
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
