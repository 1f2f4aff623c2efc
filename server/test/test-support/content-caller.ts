import { testDb } from './helper';
import { idOf } from './caller';

/** The first column `id` of a query on this file's database. */
export const rowId = idOf;

export async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await (await testDb()).query<{ count: number }>(sql, params);
  return Number(rows[0]!.count);
}

/** The audit lines of one action on one item, newest first. */
export async function audited(action: string, itemId?: number) {
  const { rows } = await (
    await testDb()
  ).query<{ actor_id: number; display_as_user_id: number | null; item_id: number | null; details: Record<string, unknown> | null }>(
    `SELECT actor_id, display_as_user_id, item_id, details FROM audit_log WHERE action = $1 ${itemId === undefined ? '' : 'AND item_id = $2'} ORDER BY id DESC`,
    itemId === undefined ? [action] : [action, itemId],
  );
  return rows;
}

/**
 * Makes every audit write fail until the returned function is called: a change whose audit line
 * cannot be written must not be kept (they share one transaction).
 */
export async function breakAuditLog(): Promise<() => Promise<void>> {
  const db = await testDb();
  await db.exec('ALTER TABLE audit_log ADD CONSTRAINT test_audit_refused CHECK (false) NOT VALID');
  return () => db.exec('ALTER TABLE audit_log DROP CONSTRAINT test_audit_refused');
}
