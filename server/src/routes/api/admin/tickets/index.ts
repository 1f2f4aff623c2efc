import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminTicketListQuerySchema,
  IdParamSchema,
  TICKET_MESSAGES,
  TicketDetailsQuerySchema,
  TicketDetailsSchema,
  TicketListSchema,
  TicketMessageBodySchema,
  TicketSchema,
  TicketStatusBodySchema,
} from '@hub/shared/api';
import { requireRole } from '../../require-role';
import { errorResponses } from '../../error-responses';

/** The helpdesk across entities, under /api/admin/tickets: administrators. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook('onRequest', requireRole('administrator'));
  const errors = errorResponses(400, 401, 403, 404);
  const tags = ['admin tickets'];

  fastify.get(
    '/tickets',
    { schema: { tags, querystring: AdminTicketListQuerySchema, response: { 200: TicketListSchema, ...errors } } },
    async (request) => fastify.ticketsRepository.adminList(request.query),
  );

  fastify.put(
    '/tickets/:id',
    { schema: { tags, params: IdParamSchema, body: TicketStatusBodySchema, response: { 200: TicketSchema, ...errors } } },
    async (request, reply) =>
      (await fastify.ticketsRepository.setStatus(request.params.id, request.body.status, request.session)) ??
      reply.notFound(TICKET_MESSAGES.notFound),
  );

  fastify.get(
    '/tickets/:id',
    { schema: { tags, params: IdParamSchema, querystring: TicketDetailsQuerySchema, response: { 200: TicketDetailsSchema, ...errors } } },
    async (request, reply) =>
      (await fastify.ticketsRepository.details(request.params.id, undefined, request.query)) ?? reply.notFound(TICKET_MESSAGES.notFound),
  );

  /** A reply from the publisher's staff; the requireRole hook above keeps it to administrators (display-as included: it checks the displayed user). */
  fastify.post(
    '/tickets/:id/messages',
    { schema: { tags, params: IdParamSchema, body: TicketMessageBodySchema, response: { 201: TicketDetailsSchema, ...errors } } },
    async (request, reply) => {
      const message = request.body.message.trim();
      if (!message) return reply.badRequest(TICKET_MESSAGES.emptyMessage);
      const ticket = await fastify.ticketsRepository.reply(request.params.id, message, request.session, true);
      return ticket ? reply.code(201).send(ticket) : reply.notFound(TICKET_MESSAGES.notFound);
    },
  );
};
export default routes;
