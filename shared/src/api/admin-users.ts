import { Type, type Static } from 'typebox';
import { FIELD_LIMITS, COUNT_LIMITS } from './field-limits';
import { CappedListOf, EntitySummarySchema, ImageSchema, Nullable, PageQuerySchema } from './common';
import { UserSchema } from './users';

/** A person named inside another answer (a ticket's author), and the start of a users list's line. */
export const UserSummarySchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
});

/** The role names of roles.ts as a schema: a rights list naming anything else is refused (400). */
export const RoleSchema = Type.Union([
  Type.Literal('user'),
  Type.Literal('contributor'),
  Type.Literal('publisher'),
  Type.Literal('administrator'),
]);

/** The people lists (users, entities, groups): a page, and a case-insensitive search. */
export const SearchPageQuerySchema = Type.Intersect([
  PageQuerySchema,
  Type.Object({
    /** Users: in first name, last name or email. Entities and groups: in the name. */
    search: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.search })),
  }),
]);
export type SearchPageQuery = Static<typeof SearchPageQuerySchema>;

/**
 * The users lists (GET /users, /users/entity/{id}, /users/get/no-entity): a page, the search, and
 * `role`, the users whose highest role is that one (rights are cumulative, docs/product.md §6).
 */
export const AdminUserListQuerySchema = Type.Intersect([
  SearchPageQuerySchema,
  Type.Object({
    role: Type.Optional(RoleSchema),
    /** GET /users only: the users outside that entity (in another one or in none), the company page's left list. */
    not_entity: Type.Optional(Type.Integer({ minimum: 1 })),
    /** GET /users only: the users who are not members of that group, the group page's left list. */
    not_group: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
]);
export type AdminUserListQuery = Static<typeof AdminUserListQuerySchema>;

/**
 * One line of the admin user lists: GET /api/admin/users, /users/entity/{id}, /users/get/no-entity,
 * /users/get/contacts/ (users with contact_enable), /users/get/displayas/ and a group's members
 * (GET /api/admin/groups/{id}/users). All need the administrator role except /users/entity/{id},
 * which also answers a contributor or publisher for their own entity (the entity admin area's user
 * list) and 403 for another entity.
 */
export const AdminUserListItemSchema = Type.Object({
  ...UserSummarySchema.properties,
  rights: Type.Array(Type.String()),
  entity: Nullable(EntitySummarySchema),
  contact_enable: Type.Boolean(),
  profile_image: Nullable(ImageSchema),
});
export type AdminUserListItem = Static<typeof AdminUserListItemSchema>;

export const AdminUserListSchema = CappedListOf(AdminUserListItemSchema);
export type AdminUserList = Static<typeof AdminUserListSchema>;

/** GET and PUT /api/admin/users/{id}: the user of docs/product.md §3 and the consultant's description. */
export const AdminUserSchema = Type.Object({
  ...UserSchema.properties,
  /** Shown to clients beside a consultant's name (contacts). Sanitised HTML. */
  description: Nullable(Type.String()),
});
export type AdminUser = Static<typeof AdminUserSchema>;

/**
 * PUT /api/admin/users/{id} (administrators): the fields to change, each optional.
 * - rights: known role names only, at least one; an administrator cannot drop their own administrator right.
 * - entity_id: an existing entity, or null for none.
 * - contacts: the user's consultants, as ids of users with contact_enable (replaces the list).
 * - pbi_groups: Power BI report server group names of existing groups (replaces the user's groups).
 * - profile_image_id: an image of category 'profile', or null for none.
 * The last administrator keeps the administrator right (400 on rights), whoever asks.
 */
export const AdminUserUpdateBodySchema = Type.Object({
  first_name: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.personName })),
  last_name: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.personName })),
  rights: Type.Optional(Type.Array(RoleSchema, { minItems: 1, maxItems: 4, uniqueItems: true })),
  welcome_message: Type.Optional(Nullable(Type.String({ maxLength: FIELD_LIMITS.longText }))),
  contact_enable: Type.Optional(Type.Boolean()),
  description: Type.Optional(Nullable(Type.String({ maxLength: FIELD_LIMITS.longText }))),
  entity_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  contacts: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: COUNT_LIMITS.contacts, uniqueItems: true })),
  pbi_groups: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: FIELD_LIMITS.pbiGroupName }), {
      maxItems: COUNT_LIMITS.pbiGroups,
      uniqueItems: true,
    }),
  ),
  profile_image_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});
export type AdminUserUpdateBody = Static<typeof AdminUserUpdateBodySchema>;

/** Messages the people routes answer with (400, 403, 404). */
export const USER_MESSAGES = {
  notFound: 'User not found',
  imageNotFound: 'Image not found',
  notProfileImage: 'The profile image must be an image of category profile',
  displayAsReadOnly: 'Not while displaying another user: display-as only shows the portal as them',
  ownAdministratorRight: 'You cannot remove your own administrator right',
  lastAdministrator: 'You cannot remove the rights of the last administrator',
  otherEntity: 'You may only list the users of your own entity',
} as const;
