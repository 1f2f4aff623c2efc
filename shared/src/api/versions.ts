import { Type, type Static } from 'typebox';
import { COUNT_LIMITS } from './field-limits';
import { ListOf, Nullable, PAGE_MAX } from './common';

/**
 * The versions of a governed content (advices, news items, dashboards):
 * GET /api/admin/{kind}/{id}/versions, GET …/versions/{version}, POST …/versions/{version}/restore.
 */

export const VersionParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  version: Type.Integer({ minimum: 1 }),
});

export const VersionListQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: COUNT_LIMITS.pageSize })),
});
export type VersionListQuery = Static<typeof VersionListQuerySchema>;

/** One version in the history, newest first. */
export const VersionSummarySchema = Type.Object({
  version: Type.Integer(),
  saved_at: Type.String(),
  saved_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /**
   * The fields this save changed from the version before (every field set, for the first):
   * the item's columns (`title`, `category_id`…) and `translations.<language>`.
   */
  fields: Type.Array(Type.String()),
  /** The version a restore brought back, else null. */
  restored_from: Nullable(Type.Integer()),
  /** When this version was published (went out to customers), else null. */
  published_at: Nullable(Type.String()),
});

export const VersionListSchema = ListOf(VersionSummarySchema);
export type VersionList = Static<typeof VersionListSchema>;

/** One version with the item as saved: its columns, and its translations keyed by language. */
export const VersionSchema = Type.Object({
  ...VersionSummarySchema.properties,
  snapshot: Type.Record(Type.String(), Type.Unknown()),
});
export type Version = Static<typeof VersionSchema>;
