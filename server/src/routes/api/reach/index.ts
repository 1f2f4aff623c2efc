import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdviceAcknowledgementSchema, IdParamSchema, USER_MESSAGES } from '@hub/shared/api';
import { errorResponses } from '../error-responses';

/** A person's side of must-read advices (docs/product.md, "Must-read advices and reach"). */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.put(
    '/advices/:id/acknowledge',
    {
      schema: {
        tags: ['advices'],
        params: IdParamSchema,
        response: { 200: AdviceAcknowledgementSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      // Reading is the person's own act: display-as only looks.
      if (request.session.displayAs) return reply.forbidden(USER_MESSAGES.displayAsReadOnly);
      // 404 rather than 403 for an advice the caller does not receive, as GET /api/advices/:id.
      const acknowledged = await fastify.mustReadRepository.acknowledge(request.params.id, request.session);
      return acknowledged ?? reply.notFound('Advice not found');
    },
  );
};
export default routes;
