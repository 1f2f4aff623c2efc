import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdviceMustReadBodySchema, AdviceSchema, IdParamSchema } from '@hub/shared/api';
import { errorResponses } from '../../error-responses';

const tags = ['admin', 'advices'];

/**
 * Must-read advices and their reach in the admin API (contributor or more, checked by the admin
 * scope). Who manages an advice is the advices' own rule: another entity's advice is 404.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
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
      return advice ?? reply.notFound('Advice not found');
    },
  );
};
export default routes;
