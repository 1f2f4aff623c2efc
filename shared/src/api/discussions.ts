import { Type, type Static } from 'typebox';
import { CursorListOf, CursorPageQuerySchema, CursorSchema, ListOf, Nullable, PageQuerySchema } from './common';
import type { DiscussionEventType } from './discussion-codes';
import { MESSAGE_MAX_LENGTH, PAGE_SIZE_MAX } from './field-limits';

export const DiscussionStatusSchema = Type.Union([Type.Literal('open'), Type.Literal('closed')]);

/** A party of a discussion. */
export const DiscussionPersonSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
});
export type DiscussionPerson = Static<typeof DiscussionPersonSchema>;

/**
 * One message. `message` is plain text, kept verbatim: shown as text, never as HTML.
 * `parent_message_id` chains a reply to the message it answers; a thread reads in `created_at` order.
 * `status` is 'open' until the recipient reads it, then 'read'.
 */
export const MessageSchema = Type.Object({
  id: Type.Integer(),
  discussion_id: Type.Integer(),
  from_user: Nullable(DiscussionPersonSchema),
  to_user: Nullable(DiscussionPersonSchema),
  parent_message_id: Nullable(Type.Integer()),
  message: Type.String(),
  status: Type.String(),
  is_edited: Type.Boolean(),
  created_at: Type.String(),
  modified_at: Nullable(Type.String()),
});
export type Message = Static<typeof MessageSchema>;

/**
 * The consultant's promise on an open discussion (docs/product.md, "The consultant's promise"):
 * `reply_by` while the customer waits (counted in business hours of whoever answers), the company's
 * target, whose turn it is, and, while the consultant is away, their last day away and the stand-in.
 */
export const DiscussionPromiseSchema = Type.Object({
  reply_by: Nullable(Type.String()),
  target_hours: Type.Number(),
  waiting_on: Type.Union([Type.Literal('staff'), Type.Literal('customer')]),
  /** The consultant's last day away (a date), or null when they are not away. */
  away_until: Nullable(Type.String()),
  stand_in: Nullable(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() })),
});

export const DiscussionSchema = Type.Object({
  id: Type.Integer(),
  customer: Nullable(DiscussionPersonSchema),
  consultant: Nullable(DiscussionPersonSchema),
  status: DiscussionStatusSchema,
  created_at: Type.String(),
  closed_at: Nullable(Type.String()),
  last_message: Nullable(MessageSchema),
  /** Messages of this discussion addressed to the displayed user and not read yet. */
  pending_count: Type.Integer({ minimum: 0 }),
  /** Null once the discussion is closed. */
  promise: Nullable(DiscussionPromiseSchema),
});
export type Discussion = Static<typeof DiscussionSchema>;

/**
 * GET /api/discussions (open ones), /api/discussions/all, and the admin lists: newest activity
 * first, one page at a time (`next_cursor` reads the next page).
 */
export const DiscussionListSchema = CursorListOf(DiscussionSchema);
export type DiscussionList = Static<typeof DiscussionListSchema>;
export const DiscussionListQuerySchema = CursorPageQuerySchema;
export type DiscussionListQuery = Static<typeof DiscussionListQuerySchema>;

/** How many messages a thread page holds unless the caller asks fewer or more (up to PAGE_SIZE_MAX). */
export const THREAD_PAGE_SIZE = 50;

/**
 * GET /api/discussions/{id}/messages, GET /api/admin/discussions/history/{id}: the latest messages
 * of the thread; `before` (the previous answer's `older_cursor`) reads the messages just older.
 */
export const ThreadQuerySchema = Type.Object({
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: THREAD_PAGE_SIZE })),
  before: Type.Optional(CursorSchema),
});

/**
 * A discussion and one page of its thread, oldest first within the page; `older_cursor` is null
 * when the page reaches the first message.
 */
export const DiscussionThreadSchema = Type.Object({
  discussion: DiscussionSchema,
  messages: Type.Array(MessageSchema),
  older_cursor: Nullable(Type.String()),
});
export type DiscussionThread = Static<typeof DiscussionThreadSchema>;

/**
 * GET /api/discussions/pending: the people the displayed user talks with (a consultant's clients,
 * a customer's consultants), their open discussion if any, and how many of its messages wait for the caller.
 */
export const PendingEntrySchema = Type.Object({
  user: DiscussionPersonSchema,
  discussion_id: Nullable(Type.Integer()),
  pending_count: Type.Integer({ minimum: 0 }),
});
/** Paged (`page`, `page_size`): the people of one user, waiting messages first, then by name. */
export const PendingListSchema = ListOf(PendingEntrySchema);
export const PendingQuerySchema = PageQuerySchema;
export type PendingQuery = Static<typeof PendingQuerySchema>;
export type PendingList = Static<typeof PendingListSchema>;

/**
 * POST /api/discussions: writes a message. With `discussion_id`, into that discussion (a party
 * only; 409 when closed). Without it, into the open discussion with `to_user_id` (default: the
 * customer's first consultant), started when there is none. `close: true` is 'Send & Close'.
 */
export const MessageCreateBodySchema = Type.Object({
  message: Type.String({ minLength: 1 }),
  discussion_id: Type.Optional(Type.Integer({ minimum: 1 })),
  to_user_id: Type.Optional(Type.Integer({ minimum: 1 })),
  parent_message_id: Type.Optional(Type.Integer({ minimum: 1 })),
  close: Type.Optional(Type.Boolean()),
});
export type MessageCreateBody = Static<typeof MessageCreateBodySchema>;

export const MessageCreatedSchema = Type.Object({ discussion: DiscussionSchema, message: MessageSchema });
export type MessageCreated = Static<typeof MessageCreatedSchema>;

/** POST /api/messages/replace: the author edits their message (is_edited, modified_at). */
export const MessageReplaceBodySchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  message: Type.String({ minLength: 1 }),
});

/** POST /api/discussions/events/ticket: a short-lived ticket for the events stream (EventSource sends no header). */
export const EventsTicketSchema = Type.Object({ ticket: Type.String(), expires_in: Type.Integer() });
export type EventsTicket = Static<typeof EventsTicketSchema>;

/** One event of GET /api/discussions/events (its codes and their order: discussion-codes.ts). */
export interface DiscussionEvent {
  type: DiscussionEventType;
  discussion_id: number;
  message_id: number | null;
  /** With message.created and message.updated: the message itself, so the other party shows it at once. */
  message?: Message;
}
export interface CountersEvent {
  open_discussion_counter: number;
  close_discussion_counter: number;
  pending_message_counter: number;
}

export const DISCUSSION_MESSAGES = {
  notFound: 'Discussion not found',
  messageNotFound: 'Message not found',
  closed: 'This discussion is closed',
  notAuthor: 'Only the author may change this message',
  notParty: 'Only the customer and the consultant write in a discussion',
  displayAs: 'Display-as is read-only for discussions',
  noConsultant: 'You have no consultant to write to',
  badParent: 'parent_message_id: not a message of this discussion',
  tooLong: `message: Invalid length, maximum length is ${MESSAGE_MAX_LENGTH}`,
  blank: 'message: This field is required',
} as const;
