import { Type, type Static } from 'typebox';
import { FIELD_LIMITS, COUNT_LIMITS } from './field-limits';
import { UserSummarySchema } from './admin-users';
import { ListOf, Nullable } from './common';

/** A group of docs/product.md §3: its name in the hub and the name of its group on the Power BI report server. */
export const GroupSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  pbi_group_name: Nullable(Type.String()),
});
export type Group = Static<typeof GroupSchema>;

/** GET /api/admin/groups (administrators; query: page, page_size, search in the name). */
export const GroupListItemSchema = Type.Object({
  ...GroupSchema.properties,
  users_count: Type.Integer({ minimum: 0 }),
});
export type GroupListItem = Static<typeof GroupListItemSchema>;

export const GroupListSchema = ListOf(GroupListItemSchema);
export type GroupList = Static<typeof GroupListSchema>;

/** GET /api/admin/groups/{id} and the answer of POST and PUT: with its members. */
export const GroupDetailSchema = Type.Object({
  ...GroupSchema.properties,
  users: Type.Array(UserSummarySchema),
});
export type GroupDetail = Static<typeof GroupDetailSchema>;

/**
 * POST /api/admin/groups and PUT /api/admin/groups/{id}. Names are unique, in the hub and on the
 * report server (409). `user_ids`, optional, replaces the members; members' `pbi_groups` follow.
 */
export const GroupBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.name }),
  pbi_group_name: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: FIELD_LIMITS.pbiGroupName }))),
  user_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: COUNT_LIMITS.groupMembers, uniqueItems: true })),
});
export type GroupBody = Static<typeof GroupBodySchema>;

/** PUT /api/admin/groups/{id}: the fields to change. */
export const GroupUpdateBodySchema = Type.Partial(GroupBodySchema);
export type GroupUpdateBody = Static<typeof GroupUpdateBodySchema>;

export const GROUP_MESSAGES = {
  notFound: 'Group not found',
  nameTaken: 'A group with this name already exists',
  pbiNameTaken: 'Another group already has this Power BI report server group name',
} as const;
