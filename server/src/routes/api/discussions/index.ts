import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DiscussionListQuerySchema,
  DiscussionListSchema,
  DiscussionThreadSchema,
  ErrorResponseSchema,
  EventsTicketSchema,
  IdParamSchema,
  isAdministrator,
  MessageCreateBodySchema,
  MessageCreatedSchema,
  MessageReplaceBodySchema,
  MessageSchema,
  PendingListSchema,
  PendingQuerySchema,
  ThreadQuerySchema,
} from '@hub/shared/api';
import { EVENTS_TICKET_REFUSED, issueEventsTicket, ticketHolder } from '../events-tickets';
import { lastEventId, openEventStream, sessionStamp } from '../../../lib/live-streams';
import { errorResponses } from '../error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Discussions with the consultant (docs/product.md §7): the displayed user's own, their thread, writing, and the live events stream. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.discussionsRepository;
  const tags = ['discussions'];

  // Every list is one page: `page_size` (at most PAGE_SIZE_MAX) and the previous page's `next_cursor`.
  const listSchema = { tags, querystring: DiscussionListQuerySchema, response: { 200: DiscussionListSchema, ...errors } };
  fastify.get('/discussions', { schema: listSchema }, async (request) => repository.listOwn(request.session, 'open', request.query));
  fastify.get('/discussions/all', { schema: listSchema }, async (request) => repository.listOwn(request.session, 'all', request.query));
  fastify.get(
    '/discussions/pending',
    { schema: { tags, querystring: PendingQuerySchema, response: { 200: PendingListSchema, ...errors } } },
    async (request) => repository.pending(request.session, request.query),
  );

  fastify.get(
    '/discussions/:id/messages',
    { schema: { tags, params: IdParamSchema, querystring: ThreadQuerySchema, response: { 200: DiscussionThreadSchema, ...errors } } },
    async (request, reply) => {
      // 404 rather than 403: whether someone else's discussion exists is not the caller's business.
      const thread = await repository.thread(request.session, request.params.id, {
        markRead: true,
        pageSize: request.query.page_size,
        before: request.query.before,
      });
      return thread ?? reply.notFound('Discussion not found');
    },
  );

  fastify.post(
    '/discussions',
    { schema: { tags, body: MessageCreateBodySchema, response: { 201: MessageCreatedSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await repository.post(request.session, request.body)),
  );

  fastify.post(
    '/messages/replace',
    { schema: { tags, body: MessageReplaceBodySchema, response: { 200: MessageSchema, ...errors } } },
    async (request) => repository.replace(request.session, request.body.id, request.body.message),
  );

  fastify.delete(
    '/messages/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await repository.remove(request.session, request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.post('/discussions/events/ticket', { schema: { tags, response: { 200: EventsTicketSchema, ...errors } } }, async (request) =>
    issueEventsTicket(fastify, request),
  );

  // Server-sent events. EventSource sends no Authorization header, so the session guard lets this
  // route through and the ticket (from the authenticated POST above) names the user instead.
  fastify.get(
    '/discussions/events',
    {
      config: { public: true },
      schema: {
        tags,
        querystring: Type.Object({ ticket: Type.Optional(Type.String()), last_event_id: Type.Optional(Type.String()) }),
        response: { 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await ticketHolder(fastify, request.query.ticket);
      if (!user) return reply.unauthorized(EVENTS_TICKET_REFUSED);
      reply.hijack();
      const raw = reply.raw;
      openEventStream(raw);
      const client = { userId: user.id, isAdministrator: isAdministrator(user.rights), raw, stamp: sessionStamp(user) };
      try {
        // A reconnection is first sent what it missed (its Last-Event-ID), with the same rights as live events.
        await fastify.discussionHub.attach(client, lastEventId(request.headers, request.query.last_event_id));
        // The counters as of now, read after attaching: a change made while the stream was connecting
        // (a thread opened at the same time marks its messages read) is never lost between the two.
        const counters = await fastify.discussionsRepository.counters(user.id);
        fastify.discussionHub.send(client, 'counters', { type: 'counters', discussion_id: 0, message_id: null, ...counters });
      } catch (error) {
        // The database failed while connecting: the browser reconnects, with its Last-Event-ID.
        request.log.warn({ err: error }, 'live stream not started');
        raw.end();
      }
    },
  );
};
export default routes;
