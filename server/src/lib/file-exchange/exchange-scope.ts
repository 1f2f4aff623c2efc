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
