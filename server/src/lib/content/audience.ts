import type { AudienceUserList, AudienceUserQuery } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import { foldedLike, likePattern, personSearchText } from './sql';

/** The recipients table of a per-entity content: advice_users or dashboard_users. */
export interface RecipientsTable {
  table: 'advice_users' | 'dashboard_users';
  column: 'advice_id' | 'dashboard_id';
}
export const ADVICE_RECIPIENTS: RecipientsTable = { table: 'advice_users', column: 'advice_id' };
export const DASHBOARD_RECIPIENTS: RecipientsTable = { table: 'dashboard_users', column: 'dashboard_id' };

export type AudienceChange = 'set-unique' | 'add' | 'remove' | 'clear';

/**
 * Changes `sources.users` of one item, in the caller's transaction: set-unique leaves exactly
 * that user, add is idempotent, remove takes one out, clear empties the list.
 */
export async function changeRecipients(
  tx: Queryable,
  { table, column }: RecipientsTable,
  itemId: number,
  change: AudienceChange,
  userId?: number,
): Promise<void> {
  if (change === 'set-unique' || change === 'clear') await tx.query(`DELETE FROM ${table} WHERE ${column} = $1`, [itemId]);
  if (change === 'set-unique' || change === 'add') {
    await tx.query(`INSERT INTO ${table} (${column}, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [itemId, userId]);
  }
  if (change === 'remove') await tx.query(`DELETE FROM ${table} WHERE ${column} = $1 AND user_id = $2`, [itemId, userId]);
}

/** When an item moves to another entity, recipients who are not of that entity go. */
export async function keepRecipientsOf(tx: Queryable, { table, column }: RecipientsTable, itemId: number, entityId: number): Promise<void> {
  await tx.query(
    `DELETE FROM ${table} r WHERE r.${column} = $1 AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.entity_id = $2)`,
    [itemId, entityId],
  );
}

/**
 * The possible recipients of an item (users of its entity, and any current recipient), each
 * marked `selected` when in `sources.users`: the two lists of the double-list selector. The query
 * keeps one list (`selected`), searches names and e-mails, and pages; without it, every candidate.
 */
export async function recipientCandidates(
  db: Queryable,
  { table, column }: RecipientsTable,
  itemId: number,
  entityId: number | null,
  query: AudienceUserQuery = {},
): Promise<AudienceUserList> {
  const params: unknown[] = [itemId, entityId];
  const selected = `EXISTS (SELECT 1 FROM ${table} r WHERE r.${column} = $1 AND r.user_id = u.id)`;
  const conditions = [`(u.entity_id = $2 OR ${selected})`];
  if (query.selected !== undefined) conditions.push(query.selected ? selected : `NOT ${selected}`);
  if (query.search) {
    params.push(likePattern(query.search));
    const p = `$${params.length}`;
    conditions.push(foldedLike(personSearchText('u'), p));
  }
  const where = conditions.join(' AND ');
  const paged = query.page_size !== undefined;
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 0;
  const limit = paged ? ` LIMIT ${Number(pageSize)} OFFSET ${Number((page - 1) * pageSize)}` : '';
  const { rows } = await db.query<{ id: number; first_name: string; last_name: string; email: string; selected: boolean }>(
    `SELECT u.id, u.first_name, u.last_name, u.email, ${selected} AS selected
       FROM users u
      WHERE ${where}
      ORDER BY u.last_name, u.first_name, u.id${limit}`,
    params,
  );
  const total = paged
    ? (await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM users u WHERE ${where}`, params)).rows[0]!.count
    : rows.length;
  return { items: rows, total, page: paged ? page : 1, page_size: paged ? pageSize : Math.max(rows.length, 1) };
}
