import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponseSchema,
  EventsTicketSchema,
  FileEventsQuerySchema,
  IdParamSchema,
  NotificationCountSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationReadAllSchema,
  NotificationSchema,
  USER_MESSAGES,
} from '@hub/shared/api';
import { EVENTS_TICKET_REFUSED, issueEventsTicket, ticketHolder } from '../events-tickets';
import { openEventStream, sessionStamp } from '../../../lib/live-streams';
import { listNotifications, markAllRead, markRead } from '../../../lib/notifications/notification-list';
import { errorResponses } from '../error-responses';

/**
 * The notification centre (docs/product.md §13): the displayed user's notifications, their unread
 * count, the read marks and the live stream. Everyone signed in has one. During display-as the
 * lists and the count are the displayed user's; marking read is refused (403): looking at
 * someone's notifications never marks them read.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['notifications'];

  fastify.get(
    '/notifications',
    { schema: { tags, querystring: NotificationListQuerySchema, response: { 200: NotificationListSchema, ...errorResponses(400, 401) } } },
    async (request) => listNotifications(fastify.db, request.session.user.id, request.query),
  );

  fastify.get(
    '/notifications/count',
    { schema: { tags, response: { 200: NotificationCountSchema, ...errorResponses(401) } } },
    async (request) => ({ unread: await fastify.notificationHub.unreadCount(request.session.user.id) }),
  );

  fastify.put(
    '/notifications/read-all',
    { schema: { tags, response: { 200: NotificationReadAllSchema, ...errorResponses(401, 403) } } },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden(USER_MESSAGES.displayAsReadOnly);
      return { updated: await markAllRead(fastify.db, request.session.user.id) };
    },
  );

  fastify.put(
    '/notifications/:id/read',
    { schema: { tags, params: IdParamSchema, response: { 200: NotificationSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden(USER_MESSAGES.displayAsReadOnly);
      return (await markRead(fastify.db, request.session.user.id, request.params.id)) ?? reply.notFound('Notification not found');
    },
  );

  // The live stream: EventSource sends no Authorization header, so a one-minute ticket names the
  // person (the displayed one during display-as: an administrator may look at anyone's).
  fastify.post(
    '/notifications/events/ticket',
    { schema: { tags, response: { 200: EventsTicketSchema, ...errorResponses(401, 403) } } },
    async (request) => issueEventsTicket(fastify, request),
  );

  fastify.get(
    '/notifications/events',
    { config: { public: true }, schema: { tags, querystring: FileEventsQuerySchema, response: { 401: ErrorResponseSchema } } },
    async (request, reply) => {
      const user = await ticketHolder(fastify, request.query.ticket);
      if (!user) return reply.unauthorized(EVENTS_TICKET_REFUSED);
      reply.hijack();
      const raw = reply.raw;
      openEventStream(raw);
      try {
        await fastify.notificationHub.attach({ userId: user.id, raw, stamp: sessionStamp(user), sent: new Set() });
      } catch (error) {
        request.log.warn({ err: error }, 'notification stream not started');
        raw.end();
      }
    },
  );
};
export default routes;
