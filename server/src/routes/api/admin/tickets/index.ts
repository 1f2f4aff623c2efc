import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminTicketListQuerySchema,
  ErrorResponseSchema,
  IdParamSchema,
  TICKET_MESSAGES,
  TicketListSchema,
  TicketSchema,
  TicketStatusBodySchema,
} from '@hub/shared/api';
import { requireRole } from '../../require-role';

/** The helpdesk across entities, under /api/admin/tickets: administrators. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addHook('onRequest', requireRole('administrator'));
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
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
};
export default routes;
