import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** A generous limit per address on the API and the identity provider; static files are not counted. */
export default fp(
  async (fastify) => {
    await fastify.register(rateLimit, {
      max: fastify.config.rateLimitMax,
      timeWindow: '1 minute',
      allowList: (request) => !/^\/(api|idp)(\/|$)/.test(request.url),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Rate limit exceeded, retry in ${context.after}`,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
