import { COUNT_CAP } from '@hub/shared/api';
import { httpErrors } from '@fastify/sensible';
import type { Queryable } from '../../db/db';
import { afterKeyset, cappedCount, decodeSortCursor, encodeSortCursor, sortKeyOrder, type SortKey } from '../paging';
import type { ContentTable, CursorPage } from './rows';

/**
 * One page of `select` (the repository's SELECT … FROM <table> <alias> …) under `where`, in the
 * order `order`, with the total counted up to COUNT_CAP, or `countCap` (`total_capped` past it).
 *
 * Two ways in: `cursor` (the previous page's `next_cursor`) reads the page after it by keyset, at
 * any depth, at the cost of the first page (an index per order: migrations 0051, 0052); `page`
 * reads the first pages by offset, but never past COUNT_CAP rows (a page past the cap answers no
 * items rather than skipping that many rows). `next_cursor` is given when `order` is a SortKey and
 * more items follow; a plain ORDER BY text (the customers' lists) pages by `page` only.
 */
export async function contentPage<Row extends { id: number }, Item>(
  db: Queryable,
  { table, alias }: ContentTable,
  select: string,
  map: (row: Row) => Item,
  list: {
    where: string;
    params: unknown[];
    order: string | SortKey;
    page: number;
    pageSize: number;
    cursor?: string;
    /** Where the count stops (COUNT_CAP; SEARCHED_COUNT_CAP for a searched list, `countCap`). */
    countCap?: number;
  },
): Promise<CursorPage<Item>> {
  const { where, params, order, pageSize } = list;
  const key = typeof order === 'string' ? null : order;
  const at = key && list.cursor !== undefined ? decodeSortCursor(list.cursor, key) : null;
  if (list.cursor !== undefined && !at) throw httpErrors.badRequest('Invalid cursor');
  const { total, capped } = await cappedCount(db, `FROM ${table} ${alias} WHERE ${where}`, params, list.countCap);
  const page = at ? at.page + 1 : list.page;
  const offset = at ? 0 : (page - 1) * pageSize;
  if (offset >= COUNT_CAP) return { items: [], total, total_capped: capped, page, page_size: pageSize, next_cursor: null };
  const values = [...params];
  const conditions = at && key ? `${where} AND ${afterKeyset(key, at, values)}` : where;
  const columns = key ? select.replace(/^\s*SELECT\s/, `SELECT ${key.value} AS keyset_value, `) : select;
  const { rows } = await db.query<Row & { keyset_value?: string | number }>(
    `${columns} WHERE ${conditions} ORDER BY ${key ? sortKeyOrder(key) : (order as string)} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, pageSize + 1, offset],
  );
  const last = rows.length > pageSize ? rows[pageSize - 1] : undefined;
  const next_cursor = key && last ? encodeSortCursor({ sort: key.name, value: last.keyset_value!, id: last.id, page }) : null;
  return { items: rows.slice(0, pageSize).map(map), total, total_capped: capped, page, page_size: pageSize, next_cursor };
}
