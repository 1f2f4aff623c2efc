import { COUNT_CAP } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import { cappedCount } from '../paging';
import type { ContentTable, Page } from './rows';

/**
 * One page of `select` (the repository's SELECT … FROM <table> <alias> …) under `where`, with the
 * total counted up to COUNT_CAP. A console pages through the first COUNT_CAP items of a list in
 * any of its orders (indexes per order: migration 0051); past them, a search or a filter narrows
 * the list, and a page past the cap answers no items rather than skipping that many rows.
 */
export async function contentPage<Row, Item>(
  db: Queryable,
  { table, alias }: ContentTable,
  select: string,
  map: (row: Row) => Item,
  list: { where: string; params: unknown[]; order: string; page: number; pageSize: number },
): Promise<Page<Item>> {
  const { where, params, order, page, pageSize } = list;
  const { total } = await cappedCount(db, `FROM ${table} ${alias} WHERE ${where}`, params);
  const offset = (page - 1) * pageSize;
  if (offset >= COUNT_CAP) return { items: [], total, page, page_size: pageSize };
  const { rows } = await db.query<Row>(
    `${select} WHERE ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, offset],
  );
  return { items: rows.map(map), total, page, page_size: pageSize };
}
