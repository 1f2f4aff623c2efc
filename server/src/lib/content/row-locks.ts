import { httpErrors } from '@fastify/sensible';
import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import type { ContentTable, LockedEntityItem } from './rows';
import { mayManageEntity } from './scope';

/** Reads a per-entity item for a write, locked; 404 when it does not exist or the caller does not manage its entity. */
export async function lockManaged(
  { table }: ContentTable,
  tx: Queryable,
  id: number,
  session: Session,
  notFound: string,
): Promise<LockedEntityItem> {
  const { rows } = await tx.query<LockedEntityItem>(`SELECT id, title, status, entity_id FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  const item = rows[0];
  if (!item || !mayManageEntity(session, item.entity_id)) throw httpErrors.notFound(notFound);
  return item;
}
