import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParamSchema,
  SCHEDULABLE_KINDS,
  ScheduleBodySchema,
  ScheduleListQuerySchema,
  ScheduleListSchema,
  ScheduleSchema,
} from '@hub/shared/api';
import { errorResponses } from '../../error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Scheduled publishing (contributor or more, checked by the admin scope; advices and dashboards of
 * the caller's entity only, like their other writes): set or clear a draft's publication date, list them.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const schedules = fastify.schedulesRepository;
  const tags = ['admin', 'schedules'];

  fastify.get(
    '/schedules',
    { schema: { tags, querystring: ScheduleListQuerySchema, response: { 200: ScheduleListSchema, ...errors } } },
    async (request) => schedules.list(request.query, request.session),
  );

  for (const kind of SCHEDULABLE_KINDS) {
    fastify.put(
      `/${kind}/:id/schedule`,
      { schema: { tags, params: IdParamSchema, body: ScheduleBodySchema, response: { 200: ScheduleSchema, ...errors } } },
      async (request) => schedules.set(kind, request.params.id, new Date(request.body.publish_at), request.session),
    );
    fastify.delete(
      `/${kind}/:id/schedule`,
      { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } },
      async (request, reply) => {
        await schedules.clear(kind, request.params.id, request.session);
        return reply.code(204).send(null);
      },
    );
  }
};
export default routes;
