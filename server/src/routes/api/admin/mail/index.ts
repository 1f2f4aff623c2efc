import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CursorPageQuerySchema,
  IdParamSchema,
  OutboxListSchema,
  OutboxQuerySchema,
  ReceivedEmailDetailsSchema,
  ReceivedListSchema,
  StatusResponseSchema,
} from '@hub/shared/api';
import { readMessage } from '../../../../lib/mail/read-message';
import { errorResponses } from '../../error-responses';
import { requireRole } from '../../require-role';

/**
 * The mail console, for administrators (docs/product.md §12): the outbox by state (failed first,
 * with a retry), and on the embedded default of development, what its SMTP server received.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['admin'];
  const onRequest = requireRole('administrator');

  fastify.get(
    '/mail/outbox',
    { onRequest, schema: { tags, querystring: OutboxQuerySchema, response: { 200: OutboxListSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => fastify.mailRepository.listOutbox(request.query),
  );

  fastify.post(
    '/mail/outbox/:id/retry',
    { onRequest, schema: { tags, params: IdParamSchema, response: { 200: StatusResponseSchema, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden('Display-as only looks');
      if (!(await fastify.mailRepository.retry(request.params.id))) return reply.notFound('No failed email with this id');
      await fastify.auditRepository.record(request.session, { action: 'mail.retry', itemType: 'email', itemId: request.params.id });
      fastify.mail.wake();
      return { status: 'success' as const };
    },
  );

  fastify.get(
    '/mail/received',
    {
      onRequest,
      schema: { tags, querystring: CursorPageQuerySchema, response: { 200: ReceivedListSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const list = await fastify.mailRepository.listReceived(request.query);
      return { ...list, page: 1, page_size: request.query.page_size ?? 20, embedded: fastify.mail.embedded };
    },
  );

  fastify.get(
    '/mail/received/:id',
    {
      onRequest,
      schema: { tags, params: IdParamSchema, response: { 200: ReceivedEmailDetailsSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const received = await fastify.mailRepository.getReceived(request.params.id);
      if (!received) return reply.notFound('No received email with this id');
      // Read here from the message as kept, so that the page never parses (or renders) an email.
      const { raw, ...fields } = received;
      const message = readMessage(raw);
      return { ...fields, subject: message.subject || fields.subject, text: message.text, unsubscribe_urls: message.unsubscribe };
    },
  );
};
export default routes;
