import { Type, type Static } from 'typebox';
import { CursorListOf, CursorPageQuerySchema, Nullable } from './common';

export const NotificationKindSchema = Type.Union([
  Type.Literal('content'),
  Type.Literal('discussions'),
  Type.Literal('collectmaster'),
  Type.Literal('tickets'),
  Type.Literal('trainings'),
  Type.Literal('releases'),
  Type.Literal('reviews'),
  Type.Literal('promises'),
  Type.Literal('exports'),
]);

/** Who caused it (null for the scheduled publishing, reminders, or a deleted account). */
export const NotificationActorSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
});

/**
 * One notification: what happened (`event`), to what (`title`, the item's title when it happened),
 * the portal path that opens it, when, and whether it was read. Never a message's text or a file's
 * content.
 */
export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  kind: NotificationKindSchema,
  /** One of NOTIFICATION_EVENTS; a newer server may send codes an older bundle does not know. */
  event: Type.String(),
  title: Type.String(),
  path: Type.String(),
  created_at: Type.String(),
  read_at: Nullable(Type.String()),
  actor: Type.Optional(Nullable(NotificationActorSchema)),
});
export type Notification = Static<typeof NotificationSchema>;

/** GET /api/notifications: the signed-in person's, newest first, by keyset (`next_cursor`). */
export const NotificationListQuerySchema = Type.Intersect([
  CursorPageQuerySchema,
  Type.Object({
    /** Only the unread ones. */
    unread: Type.Optional(Type.Boolean()),
    kind: Type.Optional(NotificationKindSchema),
  }),
]);
export type NotificationListQuery = Static<typeof NotificationListQuerySchema>;

export const NotificationListSchema = CursorListOf(NotificationSchema);
export type NotificationList = Static<typeof NotificationListSchema>;

/** GET /api/notifications/count, and the `count` event of the live stream: the unread count. */
export const NotificationCountSchema = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type NotificationCount = Static<typeof NotificationCountSchema>;

/** PUT /api/notifications/read-all: how many were marked read. */
export const NotificationReadAllSchema = Type.Object({ updated: Type.Integer({ minimum: 0 }) });
