import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { verifyUnsubscribeToken, UNSUBSCRIBE_TOKEN_PATTERN } from '../../../lib/mail/unsubscribe-link';
import { WORDS } from '../../../lib/mail/wording';
import { unsubscribePage } from './unsubscribe-page';

const ParamsSchema = Type.Object({ token: Type.String({ maxLength: 100 }) });

/**
 * One-click unsubscribe (RFC 8058), without signing in: the link of every email, signed for one
 * person and one kind. POST turns that kind's email off (mail clients send
 * `List-Unsubscribe=One-Click`; the page's button sends the same); GET only shows a page with
 * that button, because mail scanners follow links.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // The one-click body is a form; this scope only.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, body),
  );
  const tags = ['notifications'];
  const pattern = new RegExp(UNSUBSCRIBE_TOKEN_PATTERN);

  fastify.get(
    '/unsubscribe/:token',
    {
      config: { public: true },
      schema: { tags, params: ParamsSchema, response: { 200: Type.String(), 404: Type.String() } },
    },
    async (request, reply) => {
      const target = pattern.test(request.params.token) ? verifyUnsubscribeToken(fastify.config.sessionSecret, request.params.token) : null;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      if (!target) return reply.code(404).send(unsubscribePage('en', { state: 'invalid' }));
      const language = await fastify.usersRepository.languageOf(target.userId);
      return unsubscribePage(language, { state: 'ask', kind: WORDS[language].kinds[target.kind], action: request.url });
    },
  );

  fastify.post(
    '/unsubscribe/:token',
    {
      config: { public: true },
      schema: { tags, params: ParamsSchema, response: { 200: Type.String(), 404: Type.String() } },
    },
    async (request, reply) => {
      const target = pattern.test(request.params.token) ? verifyUnsubscribeToken(fastify.config.sessionSecret, request.params.token) : null;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!target || !(await fastify.mailRepository.unsubscribe(target.userId, target.kind))) {
        return reply.code(404).send(unsubscribePage('en', { state: 'invalid' }));
      }
      request.log.info({ userId: target.userId, kind: target.kind }, 'unsubscribed by the email link');
      const language = await fastify.usersRepository.languageOf(target.userId);
      return unsubscribePage(language, { state: 'done', kind: WORDS[language].kinds[target.kind] });
    },
  );
};
export default routes;
