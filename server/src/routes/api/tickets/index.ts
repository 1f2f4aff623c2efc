import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponseSchema,
  IdParamSchema,
  TICKET_MESSAGES,
  TicketCreateBodySchema,
  TicketDetailsQuerySchema,
  TicketDetailsSchema,
  TicketMessageBodySchema,
  TicketListQuerySchema,
  TicketListSchema,
  TicketSchema,
  USER_MESSAGES,
} from '@hub/shared/api';
import { fieldError } from '../../../lib/http/field-errors';

/** The helpdesk ticket list of the entity in force. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/tickets',
    {
      schema: {
        tags: ['tickets'],
        querystring: TicketListQuerySchema,
        response: { 200: TicketListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => fastify.ticketsRepository.list(request.query, request.session),
  );

  fastify.post(
    '/tickets',
    {
      schema: {
        tags: ['tickets'],
        body: TicketCreateBodySchema,
        response: { 201: TicketSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { session } = request;
      // A ticket is signed by its author: an administrator displaying a user only looks.
      if (session.displayAs) return reply.forbidden(USER_MESSAGES.displayAsReadOnly);
      if (session.entityId === null) return reply.badRequest(TICKET_MESSAGES.noEntity);
      if (!request.body.title.trim()) throw fieldError(400, 'title', 'This field is required');
      const ticket = await fastify.ticketsRepository.create(request.body, session, session.entityId);
      return reply.code(201).send(ticket);
    },
  );

  // A ticket outside the caller's list (another entity's, or another user's for a plain user) is 404, not 403: it does not say it exists.
  fastify.get(
    '/tickets/:id',
    {
      schema: {
        tags: ['tickets'],
        params: IdParamSchema,
        querystring: TicketDetailsQuerySchema,
        response: { 200: TicketDetailsSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) =>
      (await fastify.ticketsRepository.details(request.params.id, request.session, request.query)) ??
      reply.notFound(TICKET_MESSAGES.notFound),
  );

  fastify.post(
    '/tickets/:id/messages',
    {
      schema: {
        tags: ['tickets'],
        params: IdParamSchema,
        body: TicketMessageBodySchema,
        response: {
          201: TicketDetailsSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { session } = request;
      if (session.displayAs) return reply.forbidden(USER_MESSAGES.displayAsReadOnly);
      const message = request.body.message.trim();
      if (!message) return reply.badRequest(TICKET_MESSAGES.emptyMessage);
      // The customer's side, whatever the caller's role: a staff reply goes through /api/admin/tickets.
      const ticket = await fastify.ticketsRepository.reply(request.params.id, message, session, false);
      return ticket ? reply.code(201).send(ticket) : reply.notFound(TICKET_MESSAGES.notFound);
    },
  );
};
export default routes;
