import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DefaultHoursBodySchema, DefaultHoursSchema, IdParamSchema, StaffHoursBodySchema, StaffHoursSchema } from '@hub/shared/api';
import { errorResponses } from '../../error-responses';
import { requireRole } from '../../require-role';

/**
 * Staff business hours for administrators: anyone's hours, and the default of those who set none.
 * Each change is audited.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['admin', 'staff'];
  const onRequest = requireRole('administrator');
  const hoursRepository = fastify.businessHoursRepository;

  fastify.get(
    '/staff/default-hours',
    { onRequest, schema: { tags, response: { 200: DefaultHoursSchema, ...errorResponses(401, 403) } } },
    async () => hoursRepository.defaultHours(),
  );

  fastify.put(
    '/staff/default-hours',
    {
      onRequest,
      schema: { tags, body: DefaultHoursBodySchema, response: { 200: DefaultHoursSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden('Display-as only looks');
      const hours = await hoursRepository.setDefaultHours(request.body);
      await fastify.auditRepository.record(request.session, { action: 'staff_hours.default', details: { ...hours } });
      return hours;
    },
  );

  fastify.get(
    '/staff/:id/hours',
    { onRequest, schema: { tags, params: IdParamSchema, response: { 200: StaffHoursSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      if (!(await hoursRepository.isStaff(request.params.id))) return reply.notFound('No staff member with this id');
      return hoursRepository.hours(request.params.id);
    },
  );

  fastify.put(
    '/staff/:id/hours',
    {
      onRequest,
      schema: {
        tags,
        params: IdParamSchema,
        body: StaffHoursBodySchema,
        response: { 200: StaffHoursSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden('Display-as only looks');
      if (!(await hoursRepository.isStaff(request.params.id))) return reply.notFound('No staff member with this id');
      const hours = await hoursRepository.setHours(request.params.id, request.body);
      await fastify.auditRepository.record(request.session, { action: 'staff_hours.update', itemType: 'user', itemId: request.params.id });
      return hours;
    },
  );
};
export default routes;
