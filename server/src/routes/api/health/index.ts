import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['health'], security: [], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => {
      await fastify.db.query('SELECT 1');
      return { status: 'ok' as const };
    },
  );
};
export default routes;
