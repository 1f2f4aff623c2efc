import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../require-role';
import audit from './audit/index';
import discussions from './discussions/index';

/**
 * The admin API under /api/admin: contributor or more for everything here; categories, users and
 * entities add the administrator check on their own routes. The hub session guard of the parent
 * scope has already run.
 */
const adminApi: FastifyPluginAsync = async (fastify) => {
  fastify.addHook('onRequest', requireRole('contributor'));
  await fastify.register(audit);
  await fastify.register(discussions);
};
export default adminApi;
