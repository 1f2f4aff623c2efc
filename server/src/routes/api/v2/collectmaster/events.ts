import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, EventsTicketSchema, FileEventsQuerySchema } from '@hub/shared/api';
import { EVENTS_TICKET_REFUSED, issueEventsTicket, ticketHolder } from '../../events-tickets';
import { exchangeScope } from '../../../../lib/file-exchange/exchange-scope';
import { lastEventId, openEventStream, sessionStamp } from '../../../../lib/live-streams';
import { errorResponses } from '../../error-responses';

/** The live events of Collectmaster (FILE_EXCHANGE_EVENTS): a ticket, then the stream. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['files'];

  // The same short-lived ticket as the discussions' stream: it names the user, nothing more.
  fastify.post(
    '/events/ticket',
    { schema: { tags, response: { 200: EventsTicketSchema, ...errorResponses(401, 403) } } },
    async (request) => issueEventsTicket(fastify, request),
  );

  // Server-sent events. EventSource sends no Authorization header: the ticket names the user.
  fastify.get(
    '/events',
    { config: { public: true }, schema: { tags, querystring: FileEventsQuerySchema, response: { 401: ErrorResponseSchema } } },
    async (request, reply) => {
      const user = await ticketHolder(fastify, request.query.ticket);
      if (!user) return reply.unauthorized(EVENTS_TICKET_REFUSED);
      reply.hijack();
      const raw = reply.raw;
      openEventStream(raw);
      const client = {
        userId: user.id,
        scope: exchangeScope({ rights: user.rights, entityId: user.entity_id, user }),
        raw,
        stamp: sessionStamp(user),
      };
      try {
        // A reconnection is first sent what it missed (its Last-Event-ID), then the counters as they are.
        await fastify.fileEvents.attach(client, lastEventId(request.headers, request.query.last_event_id));
      } catch (error) {
        request.log.warn({ err: error }, 'live stream not started');
        raw.end();
      }
    },
  );
};
export default routes;
