import type { FastifyPluginAsync } from 'fastify';
import { FILE_EXCHANGE_MESSAGES } from '@hub/shared/api';
import auth from './auth/index';
import { AUDIENCES } from '../../../plugins/app/auth/access-tokens';
import { sessionGuard } from '../session-guard';
import collectmaster from './collectmaster/index';
import downloads from './collectmaster/downloads';
import due from './collectmaster/due';
import events from './collectmaster/events';
import tus from './collectmaster/tus';
import uploads from './collectmaster/uploads';

/** The file-exchange API under /api/v2: its own guard, its own token audience. */
const filesApi: FastifyPluginAsync = async (fastify) => {
  await fastify.register(sessionGuard(AUDIENCES.files));
  // Collectmaster is unavailable in display-as (docs/product.md §2): after the guard has checked the header.
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.session?.displayAs) return reply.forbidden(FILE_EXCHANGE_MESSAGES.displayAs);
  });
  await fastify.register(auth);
  await fastify.register(collectmaster);
  await fastify.register(due);
  await fastify.register(uploads);
  await fastify.register(tus);
  await fastify.register(downloads);
  await fastify.register(events);
};
export default filesApi;
