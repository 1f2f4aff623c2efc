import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PublicHolidayBodySchema,
  PublicHolidayListQuerySchema,
  PublicHolidayListSchema,
  PublicHolidayParamsSchema,
  PublicHolidaySchema,
} from '@hub/shared/api';
import { errorResponses } from '../../error-responses';
import { requireRole } from '../../require-role';

/**
 * The public holidays staff calendars skip, for administrators: list by calendar and year, set a
 * day (its name), remove one. Each change is audited.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['admin', 'staff'];
  const onRequest = requireRole('administrator');
  const hoursRepository = fastify.businessHoursRepository;

  fastify.get(
    '/holidays',
    {
      onRequest,
      schema: {
        tags,
        querystring: PublicHolidayListQuerySchema,
        response: { 200: PublicHolidayListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => hoursRepository.listHolidays(request.query),
  );

  fastify.put(
    '/holidays/:calendar/:day',
    {
      onRequest,
      schema: {
        tags,
        params: PublicHolidayParamsSchema,
        body: PublicHolidayBodySchema,
        response: { 200: PublicHolidaySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden('Display-as only looks');
      const holiday = await hoursRepository.putHoliday({ ...request.params, name: request.body.name });
      await fastify.auditRepository.record(request.session, { action: 'holiday.set', details: { ...holiday } });
      return holiday;
    },
  );

  fastify.delete(
    '/holidays/:calendar/:day',
    {
      onRequest,
      schema: { tags, params: PublicHolidayParamsSchema, response: { 204: { type: 'null' }, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden('Display-as only looks');
      if (!(await hoursRepository.deleteHoliday(request.params.calendar, request.params.day))) {
        return reply.notFound('No public holiday on this day in this calendar');
      }
      await fastify.auditRepository.record(request.session, { action: 'holiday.delete', details: { ...request.params } });
      return reply.code(204).send(null);
    },
  );
};
export default routes;
