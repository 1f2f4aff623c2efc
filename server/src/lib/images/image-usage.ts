import type { ImageUsage } from '@hub/shared/api';
import type { Queryable } from '../../db/db';

/**
 * How many advices, news items, entities and users show the image (as banner, thumbnail, logo or
 * profile picture); null when there is no such image. Their foreign keys are ON DELETE SET NULL:
 * deleting the image empties those pictures and keeps the items.
 */
export async function imageUsage(db: Queryable, id: number): Promise<ImageUsage | null> {
  const { rows } = await db.query<{ exists: boolean; advices: number; news_items: number; entities: number; users: number }>(
    `SELECT EXISTS (SELECT 1 FROM images WHERE id = $1) AS exists,
       (SELECT count(*)::int FROM advices WHERE banner_image_id = $1 OR thumbnail_image_id = $1) AS advices,
       (SELECT count(*)::int FROM news_items WHERE banner_image_id = $1 OR thumbnail_image_id = $1) AS news_items,
       (SELECT count(*)::int FROM entities WHERE logo_image_id = $1) AS entities,
       (SELECT count(*)::int FROM users WHERE profile_image_id = $1) AS users`,
    [id],
  );
  const row = rows[0]!;
  if (!row.exists) return null;
  const { advices, news_items, entities, users } = row;
  return { advices, news_items, entities, users, total: advices + news_items + entities + users };
}
