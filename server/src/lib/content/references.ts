import { httpErrors } from '@fastify/sensible';
import type { Queryable } from '../../db/db';

/**
 * The category and images a content body points at must exist: a clear 400 naming the field
 * rather than a foreign-key failure (500).
 */
export async function checkReferences(
  db: Queryable,
  body: { category_id?: number | null; banner_id?: number | null; thumbnail_id?: number | null },
): Promise<void> {
  const checks: Array<[string, number | null | undefined, string]> = [
    ['category_id', body.category_id, 'SELECT 1 FROM categories WHERE id = $1'],
    ['banner_id', body.banner_id, 'SELECT 1 FROM images WHERE id = $1'],
    ['thumbnail_id', body.thumbnail_id, 'SELECT 1 FROM images WHERE id = $1'],
  ];
  for (const [field, id, sql] of checks) {
    if (id === undefined || id === null) continue;
    const { rows } = await db.query(sql, [id]);
    if (rows.length === 0) throw httpErrors.badRequest(`${field}: No such item (${id})`);
  }
}
