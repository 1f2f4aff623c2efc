// The notification centre's codes, without schemas: what the shell's start-up code reads (the
// bell's stream) must not pull the schema library into /home (e2e/budgets.json).

/**
 * The notification centre (docs/product.md, "Staying informed"): one row per event and per person
 * concerned. The kind is the preference a notification falls under; the event names what happened.
 */
export const NOTIFICATION_KINDS = [
  'content',
  'discussions',
  'collectmaster',
  'tickets',
  'trainings',
  'releases',
  'reviews',
  'promises',
  'exports',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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
  'remote.rolled_back',
  'advice.must_read',
  'content.review_requested',
  'content.approved',
  'content.rejected',
  'discussion.rating_requested',
  'promise.due_soon',
  'promise.broken',
  'rating.low',
  'export.ready',
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
  'remote.rolled_back': 'releases',
  'advice.must_read': 'content',
  'content.review_requested': 'reviews',
  'content.approved': 'reviews',
  'content.rejected': 'reviews',
  'discussion.rating_requested': 'discussions',
  'promise.due_soon': 'promises',
  'promise.broken': 'promises',
  'rating.low': 'promises',
  'export.ready': 'exports',
};

/**
 * The live stream's events for the notification centre: `notification` (a new one, a Notification)
 * and `notification-count` (a NotificationCount).
 */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', count: 'notification-count' } as const;
