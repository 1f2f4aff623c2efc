import { httpErrors } from '@fastify/sensible';
import { isAdministrator } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import { fieldError } from '../http/field-errors';

/**
 * Which entity's content an admin call may touch (advices and dashboards are per entity).
 * An administrator manages every entity; the lists follow the entity in force (X-Entity-ID),
 * or cover all entities when there is none. A contributor or publisher manages their own entity
 * only (the session guard honours X-Entity-ID for them only when it is their own).
 */
export function mayManageEntity(session: Session, entityId: number | null): boolean {
  return isAdministrator(session.rights) || (entityId !== null && entityId === session.entityId);
}

/** The entity an admin list covers: one id, or 'all' for an administrator without an entity in force. */
export function adminListEntity(session: Session): number | 'all' | null {
  if (session.entityId !== null) return session.entityId;
  return isAdministrator(session.rights) ? 'all' : null;
}

/** SQL condition for an admin list on `column`, pushing its parameter. */
export function adminEntityCondition(session: Session, column: string, params: unknown[]): string {
  const scope = adminListEntity(session);
  if (scope === 'all') return 'TRUE';
  if (scope === null) return 'FALSE';
  params.push(scope);
  return `${column} = $${params.length}`;
}

/**
 * The entity a new item goes into. An administrator names it (`entity_id`) or works in the entity
 * in force; a contributor or publisher writes into their own entity only.
 */
export async function entityForWrite(db: Queryable, session: Session, requested: number | undefined): Promise<number> {
  if (!isAdministrator(session.rights)) {
    if (session.entityId === null) throw httpErrors.forbidden('You have no entity to publish in');
    if (requested !== undefined && requested !== session.entityId) throw httpErrors.forbidden('You may not act on this entity');
    return session.entityId;
  }
  const entityId = requested ?? session.entityId;
  if (entityId === null) throw fieldError(400, 'entity_id', 'This field is required');
  const { rows } = await db.query('SELECT 1 FROM entities WHERE id = $1', [entityId]);
  if (rows.length === 0) throw fieldError(400, 'entity_id', `No such item (${entityId})`);
  return entityId;
}
