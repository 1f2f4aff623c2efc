import type { FastifyPluginAsync } from 'fastify';
import admin from './admin/index';
import advices from './advices/index';
import categories from './categories/index';
import dashboards from './dashboards/index';
import images from './images/index';
import newsItems from './news-items/index';
import trainings from './trainings/index';
import auth from './auth/index';
import discussions from './discussions/index';
import entities from './entities/index';
import sessionGuard from './session-guard';
import health from './health/index';
import remotes from './remotes/index';
import clientErrors from './client-errors/index';
import tickets from './tickets/index';
import users from './users/index';

/** The hub API under /api: the session guard first, then each feature's routes. */
const hubApi: FastifyPluginAsync = async (fastify) => {
  await fastify.register(sessionGuard);
  await fastify.register(health);
  await fastify.register(auth);
  await fastify.register(remotes);
  await fastify.register(clientErrors);
  await fastify.register(advices);
  await fastify.register(newsItems);
  await fastify.register(dashboards);
  await fastify.register(categories);
  await fastify.register(images);
  await fastify.register(trainings);
  await fastify.register(discussions);
  await fastify.register(users);
  await fastify.register(entities);
  await fastify.register(tickets);
  await fastify.register(admin, { prefix: '/admin' });
};
export default hubApi;
