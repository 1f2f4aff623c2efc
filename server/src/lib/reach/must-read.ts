import type { AdviceMustReadFields } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import { iso } from '../iso';

// The must-read mark of advices (docs/product.md, "Must-read advices and reach"), read beside the
// advice's own columns: its own table (migration 0160) so that the advice's writes stay as they are.

/** SQL columns `must_read` and `must_read_by` (YYYY-MM-DD text) of the advice aliased `alias`. */
export const mustReadColumns = (alias: string): string =>
  `EXISTS (SELECT 1 FROM advice_must_read mr WHERE mr.advice_id = ${alias}.id) AS must_read,
         (SELECT to_char(mr.due_on, 'YYYY-MM-DD') FROM advice_must_read mr WHERE mr.advice_id = ${alias}.id) AS must_read_by`;

/**
 * SQL: the advice `alias` is a must-read that the user `user` (an SQL expression) has not
 * acknowledged yet. The advices list puts those first, and the home shows them.
 */
export const awaitsAcknowledgement = (alias: string, user: string): string =>
  `(EXISTS (SELECT 1 FROM advice_must_read mr WHERE mr.advice_id = ${alias}.id)
    AND NOT EXISTS (SELECT 1 FROM advice_acknowledgements ak WHERE ak.advice_id = ${alias}.id AND ak.user_id = ${user}))`;

interface MustReadRow {
  id: number;
  must_read: boolean;
  must_read_by: string | null;
}

/**
 * The must-read fields of advices read for `userId` (the caller, or the displayed person): one
 * statement for the whole page, whatever its length.
 */
export async function withMustRead<T extends MustReadRow>(
  db: Queryable,
  userId: number,
  items: readonly T[],
): Promise<(Omit<T, keyof AdviceMustReadFields> & AdviceMustReadFields)[]> {
  const ids = items.filter((item) => item.must_read).map((item) => item.id);
  const acknowledged = new Map<number, string>();
  if (ids.length > 0) {
    const { rows } = await db.query<{ advice_id: number; acknowledged_at: Date | string }>(
      'SELECT advice_id, acknowledged_at FROM advice_acknowledgements WHERE user_id = $1 AND advice_id = ANY ($2::int[])',
      [userId, ids],
    );
    for (const row of rows) acknowledged.set(row.advice_id, iso(row.acknowledged_at));
  }
  return items.map((item) => ({
    ...item,
    must_read: item.must_read,
    must_read_by: item.must_read ? item.must_read_by : null,
    acknowledged_at: acknowledged.get(item.id) ?? null,
  }));
}
