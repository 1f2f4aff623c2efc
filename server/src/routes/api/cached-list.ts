import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS } from '@hub/shared/api';
import { canSeeUnpublished, type Session } from '../../lib/auth/session';
import type { HubCache } from '../../plugins/app/cache/hub-cache';

const VARY = `Authorization, ${HEADERS.entityId}, ${HEADERS.displayAsUserId}`;

/** The query of the content lists (GET /api/advices, /api/news-items, /api/dashboards). */
interface ListQuery {
  page?: number;
  page_size?: number;
  includes_unpublished?: boolean;
}

interface Representation {
  /** The JSON as the route's response schema serialises it. */
  body: string;
  /** A digest of `body`. */
  digest: string;
}

/** Whether the caller's list includes unpublished items (asked for, and allowed). */
const unpublished = (session: Session, query: ListQuery) => query.includes_unpublished === true && canSeeUnpublished(session);

/**
 * The part of a list's cache key that says whose list it is. `perUser`: the list depends on who
 * calls (per-entity content with personal items: the user, the entity in force); otherwise only on
 * whether unpublished items are in it (news items are the same for everyone).
 */
export function listAudienceKey(session: Session, query: ListQuery, perUser: boolean): string {
  const who = perUser ? `${session.user.id}:${session.entityId ?? ''}` : '*';
  return `${who}:${unpublished(session, query) ? 'u' : 'p'}`;
}

/** W/"<digest of the body>-<digest of who asks>": one user's tag never matches another user's list. */
export function listEtag(session: Session, digest: string): string {
  const who = createHash('sha1')
    .update(`${session.user.id}|${session.actor.id}|${session.entityId ?? ''}|${session.rights.join(',')}`)
    .digest('base64url')
    .slice(0, 12);
  return `W/"${digest}-${who}"`;
}

/** RFC 9110 weak comparison of If-None-Match with `etag` ('*' matches any). */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * Answers a content list from the cache (hubCache, dropped on every change on every process), as
 * JSON already serialised, with an ETag; 304 without a body when the browser's copy is current.
 * The session guard has checked the caller's token and rights on this very call; the ETag also
 * depends on who calls, and `private, no-cache` keeps shared caches from storing it.
 */
export async function cachedList(
  cache: HubCache,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { name: string; query: ListQuery; perUser: boolean; load: () => Promise<unknown> },
): Promise<FastifyReply> {
  const { session } = request;
  const { query } = options;
  const key = `${options.name}:${listAudienceKey(session, query, options.perUser)}:${query.page ?? 1}:${query.page_size ?? 20}`;
  const representation = await cache.get<Representation>(key, async () => {
    const body = reply.serialize(await options.load()) as string;
    return { body, digest: createHash('sha1').update(body).digest('base64url').slice(0, 16) };
  });
  const etag = listEtag(session, representation.digest);
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', VARY);
  if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(representation.body);
}
