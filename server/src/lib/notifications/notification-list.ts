import { httpErrors } from '@fastify/sensible';
import type { Notification, NotificationKind, NotificationList, NotificationListQuery } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import { cappedCount, decodeCursor, encodeCursor, keysetAt } from '../paging';
import { iso } from '../iso';

// Reading one person's notifications: the list (keyset on id, newest first), the unread count
// (one read of the partial index notifications_user_unread) and the read marks.

interface NotificationRow {
  id: string | number;
  kind: NotificationKind;
  event: string;
  title: string;
  path: string;
  created_at: Date | string;
  read_at: Date | string | null;
  actor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  at: string;
}

export const NOTIFICATION_COLUMNS = `n.id, n.kind, n.event, n.title, n.path, n.created_at, n.read_at, n.actor_id,
  a.first_name, a.last_name, ${keysetAt('n.created_at')} AS at`;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: Number(row.id),
    kind: row.kind,
    event: row.event,
    title: row.title,
    path: row.path,
    created_at: iso(row.created_at),
    read_at: row.read_at === null ? null : iso(row.read_at),
    actor: row.actor_id === null ? null : { id: row.actor_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
  };
}

export async function listNotifications(db: Queryable, userId: number, query: NotificationListQuery): Promise<NotificationList> {
  const pageSize = query.page_size ?? 20;
  const params: unknown[] = [userId];
  const conditions = ['n.user_id = $1'];
  if (query.unread) conditions.push('n.read_at IS NULL');
  if (query.kind) {
    params.push(query.kind);
    conditions.push(`n.kind = $${params.length}`);
  }
  const counted = `FROM notifications n WHERE ${conditions.join(' AND ')}`;
  const { total, capped } = await cappedCount(db, counted, params);
  let page = 1;
  if (query.cursor !== undefined) {
    const key = decodeCursor(query.cursor);
    if (!key) throw httpErrors.badRequest('Invalid cursor');
    params.push(key.id);
    conditions.push(`n.id < $${params.length}`);
    page = key.page + 1;
  }
  params.push(pageSize + 1);
  const { rows } = await db.query<NotificationRow>(
    `SELECT ${NOTIFICATION_COLUMNS}
       FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
      WHERE ${conditions.join(' AND ')}
      ORDER BY n.id DESC LIMIT $${params.length}`,
    params,
  );
  const more = rows.length > pageSize;
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1];
  return {
    items: items.map(toNotification),
    total,
    total_capped: capped,
    page,
    page_size: pageSize,
    next_cursor: more && last ? encodeCursor({ at: last.at, id: Number(last.id), page }) : null,
  };
}

/** The unread count: one read of the partial index on unread rows. */
export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return rows[0]!.count;
}

/** Unread counts of several people at once (the live stream's processes). */
export async function unreadCounts(db: Queryable, userIds: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ user_id: number; count: number }>(
    `SELECT u AS user_id, (SELECT count(*)::int FROM notifications WHERE user_id = u AND read_at IS NULL) AS count
       FROM unnest($1::int[]) u`,
    [[...new Set(userIds)]],
  );
  return new Map(rows.map((row) => [row.user_id, row.count]));
}

/** Marks one of the person's notifications read; false when it is not theirs (404). Reading twice keeps the first time. */
export async function markRead(db: Queryable, userId: number, id: number): Promise<Notification | null> {
  const { rows } = await db.query<NotificationRow>(
    `WITH marked AS (
       UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING *
     )
     SELECT ${NOTIFICATION_COLUMNS} FROM marked n LEFT JOIN users a ON a.id = n.actor_id`,
    [id, userId],
  );
  return rows[0] ? toNotification(rows[0]) : null;
}

/** Marks all of the person's unread notifications read; answers how many. */
export async function markAllRead(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `WITH marked AS (UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING 1)
     SELECT count(*)::int AS count FROM marked`,
    [userId],
  );
  return rows[0]!.count;
}
