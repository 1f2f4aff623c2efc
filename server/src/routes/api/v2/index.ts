import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/index';
import sessionGuard from './autohooks';
import entities from './entities/index';

/** The file-exchange API under /api/v2: its own guard, its own token audience. */
const filesApi: FastifyPluginAsync = async (fastify) => {
  await fastify.register(sessionGuard);
  await fastify.register(auth);
  await fastify.register(entities);
};
export default filesApi;
