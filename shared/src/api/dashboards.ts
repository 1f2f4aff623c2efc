import { Type, type Static } from 'typebox';
import { FIELD_LIMITS } from './field-limits';
import { AdviceListQuerySchema } from './advices';
import { AudienceTypeSchema, CursorListOf, EntitySummarySchema, ListOf, Nullable } from './common';
import { AdminContentListQuerySchema, NOT_BLANK } from './content';
import { TranslatedFields, TranslatedWriteFields } from './translations';

/**
 * How fresh a dashboard's data is, from the report server's refresh history (read after each sync
 * and on a schedule): 'fresh'; 'failed' when the last refresh failed; 'stale' when the last
 * successful one is older than the server's REPORT_STALE_HOURS; 'unknown' when nothing is known.
 */
export const DashboardDataStateSchema = Type.Union([
  Type.Literal('fresh'),
  Type.Literal('stale'),
  Type.Literal('failed'),
  Type.Literal('unknown'),
]);

export const DashboardDataSchema = Type.Object({
  /** The end of the last successful refresh (ISO 8601): "Data as of …". */
  as_of: Nullable(Type.String()),
  /** The end of the last failed refresh, when it came after the last success. */
  failed_at: Nullable(Type.String()),
  state: DashboardDataStateSchema,
});
export type DashboardData = Static<typeof DashboardDataSchema>;

/** A dashboard of docs/product.md §3: a Power BI report of one entity, shown to all its users or to named ones. */
export const DashboardSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  tag: Nullable(Type.String()),
  /** Sanitised HTML, at most 9999 characters. */
  description: Nullable(Type.String()),
  /** Always https (docs/product.md §5). */
  url: Type.String(),
  /** 0 draft, 16 published. */
  status: Type.Integer(),
  entity: Nullable(EntitySummarySchema),
  audience_type: AudienceTypeSchema,
  sources: Type.Object({ users: Type.Array(Type.Integer()) }),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** How fresh its data is. */
  data: DashboardDataSchema,
  /** Starred by the person the server answers as (listed first). */
  favourite: Type.Boolean(),
  ...TranslatedFields,
});
export type Dashboard = Static<typeof DashboardSchema>;

/** GET /api/dashboards: the same query as advices (page, includes_unpublished). */
export const DashboardListQuerySchema = AdviceListQuerySchema;
export type DashboardListQuery = Static<typeof DashboardListQuerySchema>;

export const DashboardListSchema = ListOf(DashboardSchema);
export type DashboardList = Static<typeof DashboardListSchema>;
/** GET /api/admin/dashboards: a list page with `next_cursor` and `total_capped`. */
export const AdminDashboardListSchema = CursorListOf(DashboardSchema);
export type AdminDashboardList = Static<typeof AdminDashboardListSchema>;

/**
 * POST /api/admin/dashboards. New dashboards are drafts for all the entity's users (multi_users).
 * `url` must be https: 'Please enter a valid URL (https://)'. `entity_id` as for advices.
 */
export const DashboardCreateBodySchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.title, pattern: NOT_BLANK }),
  url: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.url }),
  tag: Type.Optional(Nullable(Type.String({ maxLength: FIELD_LIMITS.tag }))),
  description: Type.Optional(Nullable(Type.String())),
  audience_type: Type.Optional(AudienceTypeSchema),
  entity_id: Type.Optional(Type.Integer({ minimum: 1 })),
  ...TranslatedWriteFields,
});
export type DashboardCreateBody = Static<typeof DashboardCreateBodySchema>;

/** PUT /api/admin/dashboards/{id}: the fields to change. Only drafts can be edited (409 otherwise). */
export const DashboardUpdateBodySchema = Type.Partial(DashboardCreateBodySchema);
export type DashboardUpdateBody = Static<typeof DashboardUpdateBodySchema>;

/** GET /api/admin/dashboards: every status, the entity in force. */
export const AdminDashboardListQuerySchema = AdminContentListQuerySchema;
export type AdminDashboardListQuery = Static<typeof AdminDashboardListQuerySchema>;

/** The server's messages about dashboards. */
export const DASHBOARD_MESSAGES = {
  displayAsFavourite: 'Not while displaying another user: their favourites are theirs to change',
} as const;
