import { Type, type Static } from 'typebox';
import { ListOf, Nullable, PageQuerySchema } from './common';

// Must-read advices and their reach (docs/product.md, "Must-read advices and reach").

/**
 * The must-read part of an advice, on every advice the API returns: `must_read` with its optional
 * date, and, for the caller, when they acknowledged it (null: not yet, or not a must-read).
 */
export const AdviceMustReadFieldsSchema = Type.Object({
  must_read: Type.Boolean(),
  /** The day by which to acknowledge it (YYYY-MM-DD), or null. */
  must_read_by: Nullable(Type.String({ format: 'date' })),
  /** When the caller acknowledged it (ISO date-time), or null. */
  acknowledged_at: Nullable(Type.String()),
});
export type AdviceMustReadFields = Static<typeof AdviceMustReadFieldsSchema>;

/**
 * PUT /api/admin/advices/{id}/must-read: marks the advice (any status) as a must-read or not.
 * `must_read_by` is only kept with `must_read: true`.
 */
export const AdviceMustReadBodySchema = Type.Object({
  must_read: Type.Boolean(),
  must_read_by: Type.Optional(Nullable(Type.String({ format: 'date' }))),
});
export type AdviceMustReadBody = Static<typeof AdviceMustReadBodySchema>;

/** PUT /api/advices/{id}/acknowledge: when the caller acknowledged it (the first time counts). */
export const AdviceAcknowledgementSchema = Type.Object({
  advice_id: Type.Integer(),
  acknowledged_at: Type.String(),
});
export type AdviceAcknowledgement = Static<typeof AdviceAcknowledgementSchema>;

export const ADVICE_REACH_MESSAGES = {
  notMustRead: 'This advice is not a must-read',
} as const;

/** The path of "I have read it" in the hub API (PUT). */
export const adviceAcknowledgePath = (id: number): string => `/advices/${id}/acknowledge`;

/** The path of an advice's must-read mark in the admin API (PUT). */
export const adviceMustReadPath = (id: number): string => `/advices/${id}/must-read`;

/** GET /api/admin/advices/{id}/reach: a page of the people who receive it. */
export const AdviceReachQuerySchema = PageQuerySchema;
export type AdviceReachQuery = Static<typeof AdviceReachQuerySchema>;

/** Counts of an advice's reach: who receives it, who opened it, who confirmed reading it. */
export const ReachCountsSchema = Type.Object({
  recipients: Type.Integer(),
  viewed: Type.Integer(),
  acknowledged: Type.Integer(),
});
export type ReachCounts = Static<typeof ReachCountsSchema>;

/** One person of the reach: who they are, and when they opened it and confirmed reading it. */
export const ReachPersonSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  entity_name: Nullable(Type.String()),
  /** When they first opened it (ISO date-time), or null. */
  first_viewed_at: Nullable(Type.String()),
  /** The last day they opened it (YYYY-MM-DD), or null. */
  last_viewed_on: Nullable(Type.String()),
  /** On how many days they opened it. */
  view_days: Type.Integer(),
  acknowledged_at: Nullable(Type.String()),
});
export type ReachPerson = Static<typeof ReachPersonSchema>;

export const AdviceReachSchema = Type.Object({
  advice_id: Type.Integer(),
  must_read: Type.Boolean(),
  totals: ReachCountsSchema,
  /** The same counts per company (a company's recipients are its people who receive it). */
  companies: Type.Array(
    Type.Intersect([Type.Object({ entity_id: Nullable(Type.Integer()), entity_name: Nullable(Type.String()) }), ReachCountsSchema]),
  ),
  people: ListOf(ReachPersonSchema),
});
export type AdviceReach = Static<typeof AdviceReachSchema>;

/** The paths of an advice's reach in the admin API. */
export const adviceReachPath = (id: number): string => `/advices/${id}/reach`;
export const adviceReachCsvPath = (id: number): string => `/advices/${id}/reach.csv`;
