import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParamSchema,
  TrainingCreateBodySchema,
  TrainingListQuerySchema,
  TrainingListSchema,
  TrainingSchema,
  TrainingUpdateBodySchema,
} from '@hub/shared/api';
import { errorResponses } from '../../error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Trainings, webinars and events in the admin API (contributor or more, checked by the admin scope). */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const trainings = fastify.trainingsRepository;
  const tags = ['admin', 'trainings'];

  fastify.get(
    '/trainings',
    { schema: { tags, querystring: TrainingListQuerySchema, response: { 200: TrainingListSchema, ...errors } } },
    async (request) => trainings.adminList(request.query),
  );

  fastify.post(
    '/trainings',
    { schema: { tags, body: TrainingCreateBodySchema, response: { 201: TrainingSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await trainings.create(request.body, request.session)),
  );

  fastify.get(
    '/trainings/:id',
    { schema: { tags, params: IdParamSchema, response: { 200: TrainingSchema, ...errors } } },
    async (request, reply) => {
      const training = await trainings.get(request.params.id);
      return training ?? reply.notFound('Training not found');
    },
  );

  fastify.put(
    '/trainings/:id',
    { schema: { tags, params: IdParamSchema, body: TrainingUpdateBodySchema, response: { 200: TrainingSchema, ...errors } } },
    async (request) => trainings.update(request.params.id, request.body, request.session),
  );

  fastify.delete(
    '/trainings/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply) => {
      await trainings.remove(request.params.id, request.session);
      return reply.code(204).send(null);
    },
  );
};
export default routes;
