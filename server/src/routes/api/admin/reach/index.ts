import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdviceMustReadBodySchema,
  AdviceReachQuerySchema,
  AdviceReachSchema,
  AdviceSchema,
  IdParamSchema,
  type Advice,
} from '@hub/shared/api';
import type { Session } from '../../../../lib/auth/session';
import { adviceReach, adviceReachCsv, type ReachSubject } from '../../../../lib/reach/advice-reach';
import { errorResponses } from '../../error-responses';

const tags = ['admin', 'advices'];
const NOT_FOUND = 'Advice not found';
const csv = Type.Unsafe<unknown>({ type: 'string', description: 'text/csv: one line per recipient, a header first' });

const subjectOf = (advice: Advice): ReachSubject => ({
  id: advice.id,
  entityId: advice.entity?.id ?? null,
  audience: advice.audience_type,
  mustRead: advice.must_read,
});

/**
 * Must-read advices and their reach in the admin API (contributor or more, checked by the admin
 * scope). Who manages an advice is the advices' own rule (the admin detail's): an entity
 * administrator sees their own company's advices, the publisher's administrators every company's;
 * another company's advice is 404 (ids do not leak).
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const managed = async (id: number, session: Session) => fastify.advicesRepository.adminGet(id, session);

  fastify.put(
    '/advices/:id/must-read',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: AdviceMustReadBodySchema,
        response: { 200: AdviceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const advice = await fastify.mustReadRepository.set(request.params.id, request.body, request.session);
      return advice ?? reply.notFound(NOT_FOUND);
    },
  );

  fastify.get(
    '/advices/:id/reach',
    {
      schema: {
        tags,
        params: IdParamSchema,
        querystring: AdviceReachQuerySchema,
        response: { 200: AdviceReachSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const advice = await managed(request.params.id, request.session);
      if (!advice) return reply.notFound(NOT_FOUND);
      return adviceReach(fastify.db, subjectOf(advice), request.query);
    },
  );

  fastify.get(
    '/advices/:id/reach.csv',
    { schema: { tags, params: IdParamSchema, response: { 200: csv, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      const advice = await managed(request.params.id, request.session);
      if (!advice) return reply.notFound(NOT_FOUND);
      // Written as it is read, a chunk of people at a time: memory stays flat for a whole company.
      const body = Readable.from(adviceReachCsv(fastify.db, subjectOf(advice)), { objectMode: false });
      body.on('error', (error) => request.log.error({ err: error }, 'reach CSV failed'));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="advice-${advice.id}-reach.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
};
export default routes;
