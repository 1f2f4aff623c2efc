import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminTicketListQuerySchema,
  IdParamSchema,
  TICKET_MESSAGES,
  TicketListSchema,
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
};
export default routes;
