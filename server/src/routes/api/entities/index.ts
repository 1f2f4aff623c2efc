import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EntityListSchema, ErrorResponseSchema, isAdministrator, SearchPageQuerySchema } from '@hub/shared/api';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // An administrator picks among all entities (the X-Entity-ID selector); anyone else sees their own.
  fastify.get(
    '/entities',
    {
      schema: {
        tags: ['entities'],
        querystring: SearchPageQuerySchema,
        response: { 200: EntityListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { session } = request;
      return fastify.entitiesRepository.list(request.query, isAdministrator(session.rights) ? 'all' : session.user.entity_id);
    },
  );
};
export default routes;
