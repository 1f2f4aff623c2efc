import { COUNT_CAP } from '@hub/shared/api';
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
 * How many rows `fromWhere` (…FROM … WHERE …) holds, counting no further than COUNT_CAP + 1:
 * the cost stays flat however large the table grows.
 */
export async function cappedCount(db: Queryable, fromWhere: string, params: unknown[]): Promise<{ total: number; capped: boolean }> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT 1 ${fromWhere} LIMIT ${COUNT_CAP + 1}) c`,
    params,
  );
  const count = rows[0]!.count;
  return count > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: count, capped: false };
}
