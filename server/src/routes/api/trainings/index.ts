import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, TrainingListQuerySchema, TrainingListSchema } from '@hub/shared/api';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/trainings/upcoming',
    { schema: { tags: ['trainings'], response: { 200: TrainingListSchema, 401: ErrorResponseSchema } } },
    async () => fastify.trainingsRepository.upcoming(),
  );

  fastify.get(
    '/trainings',
    {
      schema: {
        tags: ['trainings'],
        querystring: TrainingListQuerySchema,
        response: { 200: TrainingListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => fastify.trainingsRepository.list(request.query),
  );
};
export default routes;
