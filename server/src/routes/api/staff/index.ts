import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AwayBodySchema, AwaySchema, AwayStateSchema, StaffHoursBodySchema, StaffHoursSchema } from '@hub/shared/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../error-responses';

/**
 * A staff member's own business hours (docs/product.md, "The consultant's promise"): consultants
 * (contributor or more) and administrators. The promise made to their customers is counted in
 * them. Display-as reads the displayed person's and never writes.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['staff'];
  const hoursRepository = fastify.businessHoursRepository;

  async function staffOnly(request: FastifyRequest, reply: FastifyReply) {
    if (!(await hoursRepository.isStaff(request.session.user.id))) {
      return reply.forbidden('Only consultants and administrators have business hours');
    }
  }

  fastify.get(
    '/staff/me/hours',
    { onRequest: staffOnly, schema: { tags, response: { 200: StaffHoursSchema, ...errorResponses(401, 403) } } },
    async (request) => hoursRepository.hours(request.session.user.id),
  );

  fastify.put(
    '/staff/me/hours',
    {
      onRequest: staffOnly,
      schema: { tags, body: StaffHoursBodySchema, response: { 200: StaffHoursSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden('Display-as only looks');
      return hoursRepository.setHours(request.session.user.id, request.body);
    },
  );

  fastify.get(
    '/staff/me/away',
    { onRequest: staffOnly, schema: { tags, response: { 200: AwayStateSchema, ...errorResponses(401, 403) } } },
    async (request) => hoursRepository.awayState(request.session.user.id),
  );

  fastify.put(
    '/staff/me/away',
    {
      onRequest: staffOnly,
      schema: { tags, body: AwayBodySchema, response: { 200: AwaySchema, ...errorResponses(400, 401, 403, 409) } },
    },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden('Display-as only looks');
      const away = await hoursRepository.setAway(request.session.user.id, request.body);
      await fastify.auditRepository.record(request.session, {
        action: 'staff.away',
        itemType: 'user',
        itemId: request.session.user.id,
        details: { from: away.from, to: away.to, stand_in_id: away.stand_in.id },
      });
      return away;
    },
  );

  fastify.delete(
    '/staff/me/away',
    { onRequest: staffOnly, schema: { tags, response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden('Display-as only looks');
      if (!(await hoursRepository.endAway(request.session.user.id))) return reply.notFound('You are not away');
      await fastify.auditRepository.record(request.session, { action: 'staff.back', itemType: 'user', itemId: request.session.user.id });
      return reply.code(204).send(null);
    },
  );
};
export default routes;
