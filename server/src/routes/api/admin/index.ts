import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../require-role';
import audit from './audit/index';
import advices from './advices/index';
import reach from './reach/index';
import categories from './categories/index';
import dashboards from './dashboards/index';
import images from './images/index';
import newsItems from './news-items/index';
import trainings from './trainings/index';
import discussions from './discussions/index';
import entities from './entities/index';
import groups from './groups/index';
import pbi from './pbi/index';
import schedules from './schedules/index';
import tickets from './tickets/index';
import users from './users/index';
import mail from './mail/index';
import remotes from './remotes/index';
import staff from './staff/index';
import holidays from './holidays/index';
import dataProtection from './data-protection/index';

/**
 * The admin API under /api/admin: contributor or more for everything here; categories, users and
 * entities add the administrator check on their own routes. The hub session guard of the parent
 * scope has already run. A remote's release calls also take its team's release token instead of a
 * session (the guard set `request.releaseToken`): those routes check the token themselves.
 */
const adminApi: FastifyPluginAsync = async (fastify) => {
  const contributor = requireRole('contributor');
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.releaseToken) return;
    return contributor(request, reply);
  });
  await fastify.register(audit);
  await fastify.register(advices);
  await fastify.register(reach);
  await fastify.register(newsItems);
  await fastify.register(dashboards);
  await fastify.register(categories);
  await fastify.register(images);
  await fastify.register(trainings);
  await fastify.register(discussions);
  await fastify.register(users);
  await fastify.register(entities);
  await fastify.register(groups);
  await fastify.register(pbi);
  await fastify.register(tickets);
  await fastify.register(schedules);
  await fastify.register(mail);
  await fastify.register(remotes);
  await fastify.register(staff);
  await fastify.register(holidays);
  await fastify.register(dataProtection);
};
export default adminApi;
