import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** OpenAPI description of the routes, from their schemas: /api/docs (UI) and /api/docs/json. */
export default fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        info: { title: 'Client hub API', version: '0.1.0', description: 'Hub API (/api) and file-exchange API (/api/v2).' },
        servers: [{ url: fastify.config.publicUrl }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // A team's release token (docs/releasing.md), taken only by its remote's release calls.
            releaseToken: { type: 'http', scheme: 'bearer', bearerFormat: 'hubrt_…' },
          },
        },
        security: [{ bearer: [] }],
      },
    });
    await fastify.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger', dependencies: ['config'] },
);
