import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ping } from '../../../db/db';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../../db/db-errors';

const NotReady = Type.Object({ status: Type.Literal('unavailable'), reason: Type.String() });

/**
 * Health for load balancers and orchestrators:
 * - /api/health/live: the process answers (no database read): restart it only when this fails.
 * - /api/health/ready: the process can serve (database answers, its LISTEN connections, which carry
 *   the cache's invalidations and the live events, are connected, not shutting down): send it
 *   traffic only then. While a LISTEN connection is lost the process would serve live streams
 *   that hear nothing and compute every list afresh; it comes back by itself (postgres-db.ts).
 * - /api/health: the historical check, a database read.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });

  fastify.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['health'], security: [], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => {
      await ping(fastify.db);
      return { status: 'ok' as const };
    },
  );

  fastify.get(
    '/health/live',
    {
      config: { public: true },
      schema: { tags: ['health'], security: [], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  fastify.get(
    '/health/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ready') }), 503: NotReady },
      },
    },
    async (request, reply) => {
      if (closing)
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ status: 'unavailable' as const, reason: 'shutting down' });
      try {
        await ping(fastify.db);
      } catch (error) {
        request.log.warn({ err: error }, 'not ready: database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable' as const, reason: 'database unavailable' });
      }
      const listen = fastify.db.listenState?.();
      if (listen && listen.connected < listen.channels) {
        request.log.warn({ channels: listen.channels, connected: listen.connected }, 'not ready: live listener disconnected');
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ status: 'unavailable' as const, reason: 'live listener disconnected' });
      }
      return { status: 'ready' as const };
    },
  );
};
export default routes;
