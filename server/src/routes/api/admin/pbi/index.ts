import { STATUS_CODES } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PBI_MESSAGES, PbiRefreshGroupsResponseSchema, PbiRefreshUsersResponseSchema } from '@hub/shared/api';
import type { FastifyReply } from 'fastify';
import { ReportServerError, type ReportServerClient } from '../../../../lib/power-bi/report-server-client';
import { SyncAlreadyRunningError } from '../../../../plugins/app/power-bi/power-bi-sync';
import { requireRole } from '../../require-role';
import { errorResponses } from '../../error-responses';

/** The Power BI Report Server sync (docs/product.md §1: refresh groups, refresh users), under /api/admin/pbi: administrators. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook('onRequest', requireRole('administrator'));
  const errors = errorResponses(401, 403, 409, 502, 503);
  const tags = ['admin power bi'];

  // Sent as they are: the app's error handler would replace a 5xx message by 'Internal Server Error',
  // and these say what the administrator can do something about (no secret, no address in them).
  const answer = (reply: FastifyReply, statusCode: 409 | 502 | 503, message: string) =>
    reply.code(statusCode).send({ statusCode, error: STATUS_CODES[statusCode]!, message });

  /** 503 without a report server, 502 when it fails us (nothing applied), 409 while another sync runs. */
  async function withServer<T>(reply: FastifyReply, work: (server: ReportServerClient) => Promise<T>): Promise<T | FastifyReply> {
    const server = fastify.reportServer;
    if (!server) return answer(reply, 503, PBI_MESSAGES.notConfigured);
    try {
      const result = await work(server);
      // After a sync, how fresh the reports' data is (the sync's lock already given back; a failure there is only logged).
      await fastify.dashboardRefresh
        .run()
        .catch((error: unknown) => reply.log.warn({ err: error }, 'reading the reports refresh history failed'));
      return result;
    } catch (error) {
      if (error instanceof SyncAlreadyRunningError) return answer(reply, 409, PBI_MESSAGES.alreadyRunning);
      if (!(error instanceof ReportServerError)) throw error;
      reply.log.warn({ server: server.apiUrl, problem: error.message }, 'Power BI Report Server sync failed');
      return answer(reply, 502, `${PBI_MESSAGES.unreachable} (${error.message})`);
    }
  }

  fastify.put(
    '/pbi/refresh-groups',
    { schema: { tags, response: { 200: PbiRefreshGroupsResponseSchema, ...errors } } },
    async (request, reply) => withServer(reply, (server) => fastify.powerBiSync.refreshGroups(server, request.session)),
  );

  fastify.put(
    '/pbi/refresh-users',
    { schema: { tags, response: { 200: PbiRefreshUsersResponseSchema, ...errors } } },
    async (request, reply) => withServer(reply, (server) => fastify.powerBiSync.refreshUsers(server, request.session)),
  );
};
export default routes;
