import { Type, type Static } from 'typebox';
import { FIELD_LIMITS, PAGE_SIZE_MAX } from './field-limits';
import { UserSummarySchema } from './admin-users';
import { CursorSchema, EntitySummarySchema, ListOf, Nullable, PageQuerySchema } from './common';

export const TICKET_STATUSES = ['open', 'in_progress', 'closed'] as const;
export const TicketStatusSchema = Type.Union([Type.Literal('open'), Type.Literal('in_progress'), Type.Literal('closed')]);
export type TicketStatus = Static<typeof TicketStatusSchema>;

/** A helpdesk ticket of an entity. */
export const TicketSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Plain text: shown as text, never as HTML. */
  description: Type.String(),
  status: TicketStatusSchema,
  entity: Nullable(EntitySummarySchema),
  author: Nullable(UserSummarySchema),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** The replies under the ticket (its conversation after the description). */
  messages_count: Type.Integer(),
});
export type Ticket = Static<typeof TicketSchema>;

/** A reply under a ticket: from the customer's side, or from the publisher's staff (`from_staff`). */
export const TicketMessageSchema = Type.Object({
  id: Type.Integer(),
  /** Plain text: shown as text, never as HTML. */
  message: Type.String(),
  from_staff: Type.Boolean(),
  author: Nullable(UserSummarySchema),
  created_at: Type.String(),
});
export type TicketMessage = Static<typeof TicketMessageSchema>;

/**
 * GET /api/tickets/{id} (a ticket the caller may list, else 404) and GET /api/admin/tickets/{id}
 * (administrators): the ticket and the latest `n` replies of its conversation, oldest first;
 * `older_cursor` (null when there are none) reads the replies just older, as `before`.
 */
export const TicketDetailsSchema = Type.Object({
  ...TicketSchema.properties,
  messages: Type.Array(TicketMessageSchema),
  older_cursor: Nullable(Type.String()),
});
export type TicketDetails = Static<typeof TicketDetailsSchema>;

/** The replies a ticket's details hold: the latest `n` (50 by default), or the `n` just before `before`. */
export const TICKET_MESSAGES_SHOWN = 50;
export const TicketDetailsQuerySchema = Type.Object({
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: TICKET_MESSAGES_SHOWN })),
  before: Type.Optional(CursorSchema),
});
export type TicketDetailsQuery = Static<typeof TicketDetailsQuerySchema>;

/**
 * POST /api/tickets/{id}/messages (the customer's side: a ticket the caller may list, else 404;
 * not during display-as) and POST /api/admin/tickets/{id}/messages (administrators: a staff reply).
 * Answers 201 with the ticket's details.
 */
export const TicketMessageBodySchema = Type.Object({ message: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.longText }) });
export type TicketMessageBody = Static<typeof TicketMessageBodySchema>;

/**
 * GET /api/tickets: the tickets of the displayed user's entity (or the X-Entity-ID in force),
 * newest first. A plain user sees the ones they opened; a contributor or more all of the entity's.
 */
export const TicketListQuerySchema = Type.Intersect([PageQuerySchema, Type.Object({ status: Type.Optional(TicketStatusSchema) })]);
export type TicketListQuery = Static<typeof TicketListQuerySchema>;

export const TicketListSchema = ListOf(TicketSchema);
export type TicketList = Static<typeof TicketListSchema>;

/** POST /api/tickets: opens a ticket ('open') for the caller's entity; without an entity, 400. */
export const TicketCreateBodySchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.ticketTitle }),
  description: Type.String({ maxLength: FIELD_LIMITS.longText }),
});
export type TicketCreateBody = Static<typeof TicketCreateBodySchema>;

/**
 * GET /api/admin/tickets (administrators): every entity's tickets, optionally one entity or status,
 * and `search`, case-insensitive in the title and the description.
 */
export const AdminTicketListQuerySchema = Type.Intersect([
  TicketListQuerySchema,
  Type.Object({
    entity_id: Type.Optional(Type.Integer({ minimum: 1 })),
    search: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.search })),
  }),
]);
export type AdminTicketListQuery = Static<typeof AdminTicketListQuerySchema>;

/** PUT /api/admin/tickets/{id} (administrators): moves a ticket to another status. */
export const TicketStatusBodySchema = Type.Object({ status: TicketStatusSchema });

export const TICKET_MESSAGES = {
  noEntity: 'You need an entity to open a ticket',
  notFound: 'Ticket not found',
  emptyMessage: 'message: This field is required',
} as const;
