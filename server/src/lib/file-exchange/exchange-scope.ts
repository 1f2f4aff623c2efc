import { httpErrors } from '@fastify/sensible';
import { FILE_EXCHANGE_MESSAGES, isAdministrator, isContributor } from '@hub/shared/api';
import type { Session } from '../auth/session';

/**
 * Which entities a caller of Collectmaster sees: 'all' for the publisher's staff (an
 * administrator, or a contributor or more without an entity of his own), else one entity (the
 * one in force), else none. Anything outside answers 404, as if it did not exist.
 */
export type ExchangeScope = 'all' | number | null;

export function exchangeScope(session: Pick<Session, 'rights' | 'entityId'> & { user: { entity_id: number | null } }): ExchangeScope {
  if (isAdministrator(session.rights)) return session.entityId ?? 'all';
  if (isContributor(session.rights) && session.user.entity_id === null) return session.entityId ?? 'all';
  return session.entityId;
}

/** Staff actions (create, rename, delete, set a state): contributor or more, on an entity in scope. */
export function requireStaff(session: Session): void {
  if (!isContributor(session.rights)) throw httpErrors.forbidden(FILE_EXCHANGE_MESSAGES.staffOnly);
}

/** The SQL condition that an entity (`column`) is in `scope`, pushing its parameter. */
export function scopeCondition(scope: ExchangeScope, column: string, params: unknown[]): string {
  if (scope === 'all') return 'TRUE';
  if (scope === null) return 'FALSE';
  params.push(scope);
  return `${column} = $${params.length}`;
}

/**
 * May the session see the file exchange's items of the entity in `column` (a collection's, a
 * folder's through its collection, a file's own copy): its scope, and nothing in display-as, where
 * the file exchange answers 403. The lists of /api/v2 and the search apply it.
 */
export function exchangeVisibility(session: Session, column: string, params: unknown[]): string {
  return scopeCondition(session.displayAs ? null : exchangeScope(session), column, params);
}
