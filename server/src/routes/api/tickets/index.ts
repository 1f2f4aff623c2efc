import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponseSchema,
  TICKET_MESSAGES,
  TicketCreateBodySchema,
  TicketListQuerySchema,
  TicketListSchema,
  TicketSchema,
  USER_MESSAGES,
} from '@hub/shared/api';

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
      if (!request.body.title.trim()) return reply.badRequest('title: This field is required');
      const ticket = await fastify.ticketsRepository.create(request.body, session, session.entityId);
      return reply.code(201).send(ticket);
    },
  );
};
export default routes;
