import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotificationPreferencesBodySchema, NotificationPreferencesSchema } from '@hub/shared/api';
import { fieldError } from '../../../../lib/http/field-errors';
import { errorResponses } from '../../error-responses';

/** The IANA time zones this server knows (Node's list, plus UTC). */
const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * The signed-in person's notification choices (docs/product.md §12): per kind, in the portal, by
 * email at once, in the daily digest or off; the digest's hour in their time zone; the news
 * categories they follow; their language and time zone, which the emails follow. During display-as
 * they are read as the displayed person's and never written.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['notifications'];

  fastify.get(
    '/notifications/preferences',
    { schema: { tags, response: { 200: NotificationPreferencesSchema, ...errorResponses(401) } } },
    async (request) => fastify.mailRepository.preferences(request.session.user.id),
  );

  fastify.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        body: NotificationPreferencesBodySchema,
        response: { 200: NotificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      if (request.session.displayAs) return reply.forbidden('Display-as only looks: the preferences are not changed');
      const { time_zone } = request.body;
      if (time_zone !== undefined && !TIME_ZONES.has(time_zone)) throw fieldError(400, 'time_zone', 'is not a known time zone');
      return fastify.mailRepository.savePreferences(request.session.user.id, request.body);
    },
  );
};
export default routes;
