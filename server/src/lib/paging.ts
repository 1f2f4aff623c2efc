import { COUNT_CAP, SEARCHED_COUNT_CAP } from '@hub/shared/api';
import type { Queryable } from '../db/db';

/**
 * Keyset paging: a page ends with the sort key of its last item (a timestamp kept to the
 * microsecond, then the id), and the next page starts strictly after it. Deep pages read an index
 * from that point instead of skipping rows with OFFSET.
 */
export interface Keyset {
  /** The sort timestamp as the database wrote it (`keysetAt` below), microseconds kept. */
  at: string;
  id: number;
  /** The number of the page this key ends. */
  page: number;
}

/** SQL for a timestamp column as cursor text: UTC, to the microsecond (JavaScript dates keep milliseconds only). */
export const keysetAt = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(key: Keyset): string {
  return Buffer.from(JSON.stringify([key.at, key.id, key.page])).toString('base64url');
}

/** The cursor's key, or null when it is not one this server wrote (the route answers 400). */
export function decodeCursor(cursor: string): Keyset | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [at, id, page] = value as unknown[];
    if (typeof at !== 'string' || !AT.test(at) || Number.isNaN(Date.parse(at))) return null;
    if (!Number.isSafeInteger(id) || (id as number) < 1 || !Number.isSafeInteger(page) || (page as number) < 1) return null;
    return { at, id: id as number, page: page as number };
  } catch {
    return null;
  }
}

/**
 * How many rows `fromWhere` (…FROM … WHERE …) holds, counting no further than `cap` + 1 (COUNT_CAP,
 * or SEARCHED_COUNT_CAP for a searched list: `countCap`): the cost stays flat however large the
 * table grows.
 */
export async function cappedCount(
  db: Queryable,
  fromWhere: string,
  params: unknown[],
  cap: number = COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}) c`,
    params,
  );
  const count = rows[0]!.count;
  return count > cap ? { total: cap, capped: true } : { total: count, capped: false };
}

/** The count's cap of a list: lower when it is searched (SEARCHED_COUNT_CAP), where a common word matches thousands. */
export const countCap = (search: string | undefined) => (search?.trim() ? SEARCHED_COUNT_CAP : COUNT_CAP);

/**
 * A list's sort order read by keyset: `compare` is the SQL the rows are ordered by (a column or an
 * expression that an index holds, ties broken by `id`), `value` the same as text for the cursor,
 * `cast` its type when compared. Both parts go the same `direction`.
 */
export interface SortKey {
  /** The order's name, written into its cursors: a cursor of another order is refused. */
  name: string;
  compare: string;
  value: string;
  cast: 'timestamptz' | 'text' | 'int';
  id: string;
  direction: 'ASC' | 'DESC';
}

/** A position in a list read in the order `sort` (`SortKey.name`): the last item's sort value and id, and its page. */
export interface SortKeyset {
  sort: string;
  value: string | number;
  id: number;
  page: number;
}

export const sortKeyOrder = (key: SortKey) => `${key.compare} ${key.direction}, ${key.id} ${key.direction}`;

export function encodeSortCursor(key: SortKeyset): string {
  return Buffer.from(JSON.stringify([key.sort, key.value, key.id, key.page])).toString('base64url');
}

/** The cursor's position when this server wrote it for the order `sort`, else null (the route answers 400). */
export function decodeSortCursor(cursor: string, sort: SortKey): SortKeyset | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4) return null;
    const [name, at, id, page] = value as unknown[];
    if (name !== sort.name || !Number.isSafeInteger(id) || (id as number) < 1 || !Number.isSafeInteger(page) || (page as number) < 1)
      return null;
    if (sort.cast === 'int' ? !Number.isSafeInteger(at) : typeof at !== 'string' || at.length > 1000) return null;
    if (sort.cast === 'timestamptz' && !(AT.test(at as string) && !Number.isNaN(Date.parse(at as string)))) return null;
    return { sort: name, value: at as string | number, id: id as number, page: page as number };
  } catch {
    return null;
  }
}

/** The condition "after `at` in the order `key`", its two values appended to `params`. */
export function afterKeyset(key: SortKey, at: SortKeyset, params: unknown[]): string {
  params.push(at.value, at.id);
  const comparison = key.direction === 'DESC' ? '<' : '>';
  return `(${key.compare}, ${key.id}) ${comparison} ($${params.length - 1}::${key.cast}, $${params.length})`;
}
