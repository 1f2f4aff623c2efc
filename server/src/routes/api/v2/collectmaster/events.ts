import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, EventsTicketSchema, FileEventsQuerySchema } from '@hub/shared/api';
import { EVENTS_TICKET_TTL_SECONDS } from '../../../../plugins/app/discussions/discussion-hub';
import { exchangeScope } from '../../../../plugins/app/file-exchange/file-exchange-repository';
import { errorResponses } from '../../error-responses';

/** The live events of the file exchange (FILE_EXCHANGE_EVENTS): a ticket, then the stream. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['files'];

  // The same short-lived ticket as the discussions' stream: it names the user, nothing more.
  fastify.post(
    '/events/ticket',
    { schema: { tags, response: { 200: EventsTicketSchema, ...errorResponses(401, 403) } } },
    async (request) => ({
      ticket: await fastify.discussionHub.issueTicket(request.session.user.id, request.session.user.token_version),
      expires_in: EVENTS_TICKET_TTL_SECONDS,
    }),
  );

  // Server-sent events. EventSource sends no Authorization header: the ticket names the user.
  fastify.get(
    '/events',
    { config: { public: true }, schema: { tags, querystring: FileEventsQuerySchema, response: { 401: ErrorResponseSchema } } },
    async (request, reply) => {
      const claims = request.query.ticket ? await fastify.discussionHub.verifyTicketClaims(request.query.ticket) : null;
      const user = claims === null ? null : await fastify.usersRepository.findById(claims.userId);
      // A ticket taken before sign-out or "end sessions" is refused like its access token.
      if (!user || user.token_version !== claims!.tokenVersion) return reply.unauthorized('Missing or expired events ticket');
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      raw.write('retry: 2000\n: connected\n\n');
      await fastify.fileEvents.attach({
        userId: user.id,
        scope: exchangeScope({ rights: user.rights, entityId: user.entity_id, user }),
        raw,
      });
    },
  );
};
export default routes;
