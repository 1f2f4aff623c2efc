import { Type, type Static } from 'typebox';
import { FIELD_LIMITS } from './field-limits';
import { CursorListOf, CursorSchema, Nullable, PageQuerySchema } from './common';

/** A person in the audit log: who acted, or whom they were displaying. */
export const AuditPersonSchema = Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() });
export type AuditPerson = Static<typeof AuditPersonSchema>;

/**
 * One line of the audit log: who, as whom, what, which item, when. `item_exists` says whether the
 * item (of a type with a console: advice, dashboard, news-item, category, entity, group, image,
 * user, training, ticket) is still there, so the console can link to it.
 */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actor: Nullable(AuditPersonSchema),
  display_as_user: Nullable(AuditPersonSchema),
  action: Type.String(),
  item_type: Nullable(Type.String()),
  item_id: Nullable(Type.Integer()),
  item_exists: Type.Boolean(),
  at: Type.String(),
  details: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

/**
 * GET /api/admin/audit (administrators), newest first. `person` finds the lines where the actor or
 * the displayed user has it in their email or name (without case); `action` and `item_type` are
 * exact; `from` and `to` bound `at` (from included, to excluded). `cursor` (the previous answer's
 * `next_cursor`) reads the next page by keyset, whatever its depth; `page` serves the first pages.
 */
export const AuditQuerySchema = Type.Intersect([
  PageQuerySchema,
  Type.Object({
    item_type: Type.Optional(Type.String({ maxLength: 50 })),
    actor_id: Type.Optional(Type.Integer({ minimum: 1 })),
    person: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.search })),
    action: Type.Optional(Type.String({ maxLength: 100 })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    cursor: Type.Optional(CursorSchema),
  }),
]);
export type AuditQuery = Static<typeof AuditQuerySchema>;
export const AuditListSchema = CursorListOf(AuditEntrySchema);
export type AuditList = Static<typeof AuditListSchema>;

/** GET /api/admin/audit/filters (administrators): the actions and item types the log holds, for the filters. */
export const AuditFiltersSchema = Type.Object({
  actions: Type.Array(Type.String()),
  item_types: Type.Array(Type.String()),
});
export type AuditFilters = Static<typeof AuditFiltersSchema>;
