import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS, isAdministrator, isContributor, RELEASE_TOKEN_PREFIX, REMOTE_MESSAGES } from '@hub/shared/api';
import { AUDIENCES, type Audience } from '../../plugins/app/auth/access-tokens';
import type { Session } from '../../lib/auth/session';
import type { UserRecord } from '../../lib/auth/user-record';
import '../../lib/remotes/release-token';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
}

function positiveId(text: string): number | null {
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * The session guard of every route below it, unless the route says `config: { public: true }`:
 * a valid access token for this API, a user that still exists, a session not ended since (its
 * token version, rights and entity as they are now: kept in hubCache, dropped on every change). Sets `request.session`, deciding
 * the context headers of docs/product.md §6 itself, never trusting the browser:
 * - Display-As-User-Id: only from an administrator, for an existing user; else 403.
 * - X-Entity-ID: only when the displayed user is a contributor or more and may act on that entity
 *   (an administrator on any, others on their own); else 403.
 *
 * The release calls of a remote (`config: { releaseToken: true }`, and only they) also take a
 * team's release token (`hubrt_…`): the guard then sets `request.releaseToken` instead of a session,
 * and the route checks that the token is for its remote (routes/api/admin/remotes).
 * fastify-plugin lets the hook reach the scope that registers this file.
 */
export function sessionGuard(audience: Audience) {
  return fp(async (fastify: FastifyInstance) => {
    // The user and their rights are read from the database when they changed, not on every call:
    // the cache drops them on every process within milliseconds of a change (plugins/app/cache/hub-cache.ts).
    const { hubCache, usersRepository } = fastify;
    const findUser = (id: number) =>
      hubCache.get(`user:${id}`, async () => {
        const found = await usersRepository.findById(id);
        return found && Object.freeze({ ...found, rights: Object.freeze([...found.rights]) as string[] });
      });
    const entityExists = (id: number) => hubCache.get(`entity:${id}`, () => usersRepository.entityExists(id));
    fastify.decorateRequest('session', null as never);
    fastify.decorateRequest('releaseToken', null);
    fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.routeOptions.config.public) return;
      if (request.routeOptions.config.ticket && request.headers.authorization === undefined) return;
      const token = bearerToken(request);
      if (!token) return reply.unauthorized('Missing bearer token');
      if (request.routeOptions.config.releaseToken && token.startsWith(RELEASE_TOKEN_PREFIX)) {
        const use = await fastify.remotesRepository.useToken(token);
        if (!use) return reply.unauthorized(REMOTE_MESSAGES.tokenInvalid);
        request.releaseToken = use;
        return;
      }
      const claims = await fastify.accessTokens.verifyClaims(token, audience);
      let actor = claims === null ? null : await findUser(claims.userId);
      // A token newer than the user row this process holds: the row predates a change whose
      // notification has not reached this process (a sign-out then a sign-in within its way). The
      // version only grows, so the row is read again rather than the new session refused until the
      // cache's age limit; said in the log, since it should not happen.
      if (actor && claims && claims.tokenVersion > actor.token_version) {
        request.log.warn(
          { userId: claims.userId, tokenVersion: claims.tokenVersion, held: actor.token_version },
          'a user row older than the token was held: read again',
        );
        hubCache.invalidate();
        actor = await findUser(claims.userId);
      }
      if (claims && !actor) request.log.warn({ userId: claims.userId }, 'a valid token of a user not found: refused');
      // The same read of the user row refuses a token of an ended session (sign-out, "end sessions").
      if (!actor || actor.token_version !== claims!.tokenVersion) return reply.unauthorized('Invalid or expired token');

      let user: UserRecord = actor;
      const displayAsHeader = header(request, HEADERS.displayAsUserId);
      if (displayAsHeader !== undefined) {
        if (!isAdministrator(actor.rights)) return reply.forbidden('Display-as is for administrators');
        const targetId = positiveId(displayAsHeader);
        const target = targetId === null ? null : await findUser(targetId);
        if (!target) return reply.forbidden('Display-as: no such user');
        user = target;
      }

      let entityId = user.entity_id;
      const entityHeader = header(request, HEADERS.entityId);
      if (entityHeader !== undefined) {
        const requested = positiveId(entityHeader);
        const allowed =
          requested !== null &&
          isContributor(user.rights) &&
          (isAdministrator(user.rights) ? await entityExists(requested) : requested === user.entity_id);
        if (!allowed) return reply.forbidden('You may not act on this entity');
        entityId = requested;
      }

      const session: Session = {
        user,
        actor,
        rights: user.rights,
        displayAs: user !== actor,
        entityId,
        mainAdminPage: header(request, HEADERS.mainAdminPage) === 'true',
      };
      request.session = session;
    });
  });
}

export default sessionGuard(AUDIENCES.hub);
