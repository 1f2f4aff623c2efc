import type { FastifyPluginAsync } from 'fastify';
import admin from './admin/index';
import advices from './advices/index';
import auth from './auth/index';
import discussions from './discussions/index';
import sessionGuard from './autohooks';
import health from './health/index';
import remotes from './remotes/index';

/** The hub API under /api: the session guard first, then each feature's routes. */
const hubApi: FastifyPluginAsync = async (fastify) => {
  await fastify.register(sessionGuard);
  await fastify.register(health);
  await fastify.register(auth);
  await fastify.register(remotes);
  await fastify.register(advices);
  await fastify.register(discussions);
  await fastify.register(admin, { prefix: '/admin' });
};
export default hubApi;
