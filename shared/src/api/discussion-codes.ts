// The discussions' event codes, without schemas: the contact remote's live thread reads them, and
// must not pull the schema library into its page (e2e/budgets.json).

/**
 * The events of GET /api/discussions/events?ticket=… (server-sent events). A stream opens with a
 * 'counters' event (discussion_id 0) holding the counters as they are then.
 */
export const DISCUSSION_EVENTS = ['message.created', 'message.updated', 'message.deleted', 'discussion.closed', 'counters'] as const;
export type DiscussionEventType = (typeof DISCUSSION_EVENTS)[number];
