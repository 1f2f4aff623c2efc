import { Type, type Static } from 'typebox';
import { FIELD_LIMITS, COUNT_LIMITS } from './field-limits';
import { CursorSchema, ListOf, PAGE_MAX, PageQuerySchema } from './common';
import { TranslationFilterSchema } from './translations';

/**
 * What the publishable contents (advices, news items, dashboards) share in the admin API:
 * the admin list query, the audience calls' parameters and answer.
 */

/** Admin lists: every status (drafts too) of the entity in force, optionally one status or a title search. */
export const AdminContentListQuerySchema = Type.Intersect([
  PageQuerySchema,
  Type.Object({
    /** 0 draft, 16 published; unset: both. */
    status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(16)])),
    /** Case-insensitive search in the title. */
    search: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.search })),
    /** The sorted column (newest first when unset) and its direction (ascending when unset). */
    sort: Type.Optional(Type.Union([Type.Literal('title'), Type.Literal('status'), Type.Literal('updated_at')])),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    /** Pinned or not (advices, news items; dashboards have no pin and ignore it). */
    pinned: Type.Optional(Type.Boolean()),
    /** One category (advices, news items; ignored by dashboards). */
    category_id: Type.Optional(Type.Integer({ minimum: 1 })),
    /**
     * The previous page's `next_cursor` (same filters and order): the next page by keyset, at any
     * depth. `page` still reads the first pages, up to COUNT_CAP items.
     */
    cursor: Type.Optional(CursorSchema),
    /** The state of the other language's translation: missing, out_of_date, up_to_date. */
    translation: TranslationFilterSchema,
  }),
]);
export type AdminContentListQuery = Static<typeof AdminContentListQuerySchema>;

/** `/:id/users/add/:userId` and its siblings. */
export const ItemUserParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  userId: Type.Integer({ minimum: 1 }),
});

/**
 * One user who may be a recipient of an item (a user of the item's entity), and whether they are
 * one now (`selected`, i.e. in `sources.users`): the two lists of the double-list selector.
 */
export const AudienceUserSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  selected: Type.Boolean(),
});

export const AudienceUserListSchema = ListOf(AudienceUserSchema);
export type AudienceUserList = Static<typeof AudienceUserListSchema>;

/**
 * GET /api/admin/<name>/{id}/users: one list of the double-list selector, searched and paged by the
 * server so that an entity of 5,000 users stays smooth. Without any of them: every candidate.
 */
export const AudienceUserQuerySchema = Type.Object({
  /** true: the recipients (right list); false: the others (left list); unset: both. */
  selected: Type.Optional(Type.Boolean()),
  /** Case-insensitive, in the first name, last name, full name or e-mail. */
  search: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.search })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: COUNT_LIMITS.pageSize })),
});
export type AudienceUserQuery = Static<typeof AudienceUserQuerySchema>;

/** A required text must hold more than spaces: the server answers 'This field is required' otherwise. */
export const NOT_BLANK = '\\S';
