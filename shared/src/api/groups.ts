import { Type, type Static } from 'typebox';
import { FIELD_LIMITS, COUNT_LIMITS } from './field-limits';
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

/**
 * GET /api/admin/groups/{id} and the answer of every admin write on a group (POST, PUT, and
 * PUT …/users/add|remove/{userId}): with the count of its members. The members themselves are a
 * list of their own, paged and searched: GET /api/admin/groups/{id}/users (an answer never grows
 * with the data).
 */
export const GroupDetailSchema = Type.Object({ ...GroupListItemSchema.properties });
export type GroupDetail = Static<typeof GroupDetailSchema>;

/*
 * The members (administrators):
 * - GET /api/admin/groups/{id}/users (query SearchPageQuerySchema: page, page_size up to
 *   PAGE_SIZE_MAX, search in the first name, last name, full name or e-mail): the group's members
 *   by last name, first name, id, as the users lists answer them (AdminUserListSchema, like
 *   GET /api/admin/users/entity/{id}); 404 for a group that does not exist. The other users, the
 *   double list's left side, are GET /api/admin/users?not_group={id}.
 * - PUT /api/admin/groups/{id}/users/add/{userId} and /users/remove/{userId} (below).
 */

/**
 * PUT /api/admin/groups/{id}/users/add/{userId} and /users/remove/{userId} (administrators): one
 * member in or out; the member's `pbi_groups` follow. Adding a member twice changes nothing;
 * removing a user who is not a member is a 404 (GROUP_MESSAGES.userNotInGroup), as a group or a
 * user that does not exist is. Both answer the group (GroupDetailSchema). Audited.
 */
export const GroupUserParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  userId: Type.Integer({ minimum: 1 }),
});

/**
 * POST /api/admin/groups and PUT /api/admin/groups/{id}. Names are unique, in the hub and on the
 * report server (409). `user_ids`, optional, replaces the members; members' `pbi_groups` follow.
 * (The console changes one member at a time: PUT …/users/add|remove/{userId}.)
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
  userNotInGroup: 'This user is not in this group',
} as const;
