import { Type, type Static } from 'typebox';
import { CursorListOf, CursorPageQuerySchema, Nullable } from './common';

/**
 * The notification centre (docs/product.md, "Staying informed"): one row per event and per person
 * concerned. The kind is the preference a notification falls under; the event names what happened.
 */
export const NOTIFICATION_KINDS = ['content', 'discussions', 'collectmaster', 'tickets', 'trainings'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NotificationKindSchema = Type.Union([
  Type.Literal('content'),
  Type.Literal('discussions'),
  Type.Literal('collectmaster'),
  Type.Literal('tickets'),
  Type.Literal('trainings'),
]);

/**
 * What happened, as stable codes: the emails' wording and the bell's icons key on them. Each one
 * belongs to one kind (NOTIFICATION_EVENT_KIND).
 */
export const NOTIFICATION_EVENTS = [
  'advice.published',
  'news.published',
  'dashboard.available',
  'discussion.reply',
  'discussion.closed',
  'discussion.customer_message',
  'collectmaster.requested',
  'collectmaster.accepted',
  'collectmaster.problem',
  'collectmaster.file_added',
  'collectmaster.uploaded',
  'collectmaster.due_soon',
  'collectmaster.due_today',
  'collectmaster.overdue',
  'ticket.answered',
  'ticket.status',
  'training.starting',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** The kind (the preference) each event falls under. */
export const NOTIFICATION_EVENT_KIND: Readonly<Record<NotificationEvent, NotificationKind>> = {
  'advice.published': 'content',
  'news.published': 'content',
  'dashboard.available': 'content',
  'discussion.reply': 'discussions',
  'discussion.closed': 'discussions',
  'discussion.customer_message': 'discussions',
  'collectmaster.requested': 'collectmaster',
  'collectmaster.accepted': 'collectmaster',
  'collectmaster.problem': 'collectmaster',
  'collectmaster.file_added': 'collectmaster',
  'collectmaster.uploaded': 'collectmaster',
  'collectmaster.due_soon': 'collectmaster',
  'collectmaster.due_today': 'collectmaster',
  'collectmaster.overdue': 'collectmaster',
  'ticket.answered': 'tickets',
  'ticket.status': 'tickets',
  'training.starting': 'trainings',
};

/** Who caused it (null for the scheduled publishing, reminders, or a deleted account). */
export const NotificationActorSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
});
export type NotificationActor = Static<typeof NotificationActorSchema>;

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
export type NotificationReadAll = Static<typeof NotificationReadAllSchema>;

/**
 * The live stream's events for the notification centre: `notification` (a new one, a Notification)
 * and `notification-count` (a NotificationCount).
 */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', count: 'notification-count' } as const;
