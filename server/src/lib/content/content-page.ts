import type { Queryable } from '../../db/db';
import type { ContentTable, Page } from './rows';

/** One page of `select` (the repository's SELECT … FROM <table> <alias> …) under `where`, with the total. */
export async function contentPage<Row, Item>(
  db: Queryable,
  { table, alias }: ContentTable,
  select: string,
  map: (row: Row) => Item,
  list: { where: string; params: unknown[]; order: string; page: number; pageSize: number },
): Promise<Page<Item>> {
  const { where, params, order, page, pageSize } = list;
  const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} ${alias} WHERE ${where}`, params);
  const { rows } = await db.query<Row>(
    `${select} WHERE ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return { items: rows.map(map), total: total.rows[0]!.count, page, page_size: pageSize };
}
