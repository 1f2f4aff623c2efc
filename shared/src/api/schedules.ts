import { Type, type Static } from 'typebox';

/**
 * Scheduled publishing: a draft advice, dashboard or news item given a date and time at which the
 * server publishes it (once, even with several server processes; the date lives in the database).
 * PUT /api/admin/{advices|dashboards|news-items}/{id}/schedule sets it (drafts only: 409 otherwise;
 * a date in the past: 400), DELETE …/schedule clears it, GET /api/admin/schedules lists the
 * scheduled items the caller may manage. Publishing or changing to draft by hand clears it.
 */
export const SCHEDULABLE_KINDS = ['advices', 'dashboards', 'news-items'] as const;
export type SchedulableKind = (typeof SCHEDULABLE_KINDS)[number];
export const SchedulableKindSchema = Type.Union([Type.Literal('advices'), Type.Literal('dashboards'), Type.Literal('news-items')]);

export const ScheduleBodySchema = Type.Object({
  /** An ISO 8601 date-time with its offset, in the future. */
  publish_at: Type.String({ format: 'date-time' }),
});

export const ScheduleSchema = Type.Object({
  kind: SchedulableKindSchema,
  id: Type.Integer(),
  title: Type.String(),
  publish_at: Type.String(),
});
export type Schedule = Static<typeof ScheduleSchema>;

export const ScheduleListQuerySchema = Type.Object({ kind: Type.Optional(SchedulableKindSchema) });
export type ScheduleListQuery = Static<typeof ScheduleListQuerySchema>;

export const ScheduleListSchema = Type.Object({ items: Type.Array(ScheduleSchema) });
export type ScheduleList = Static<typeof ScheduleListSchema>;
