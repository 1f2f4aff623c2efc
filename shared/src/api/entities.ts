import { Type, type Static } from 'typebox';
import { FIELD_LIMITS } from './field-limits';
import { EntitySummarySchema, ListOf, Nullable } from './common';

/**
 * An entity (a client company) of docs/product.md §3 as the lists answer it: GET /api/entities (an
 * administrator gets all, anyone else their own) and GET /api/admin/entities.
 */
export const EntitySchema = Type.Object({
  ...EntitySummarySchema.properties,
  /** Its name in the file-exchange API's URLs. */
  slug: Type.String(),
  /** The identity provider its users sign in with (identity_providers.name), if one is set. */
  provider_name: Nullable(Type.String()),
  users_count: Type.Integer({ minimum: 0 }),
});
export type Entity = Static<typeof EntitySchema>;

export const EntityListSchema = ListOf(EntitySchema);
export type EntityList = Static<typeof EntityListSchema>;

/**
 * GET /api/admin/entities/{id} and the answer of every admin write on an entity (POST, PUT, and
 * PUT …/user/add|remove/{userId}): the entity as the lists answer it, with the count of its users.
 * The users themselves are a list of their own, paged and searched: GET /api/admin/users/entity/{id}
 * (an answer never grows with the data).
 */
export const EntityDetailSchema = Type.Object({
  ...EntitySchema.properties,
  /** The company's reply target, in business hours (docs/product.md, "The consultant's promise"). */
  reply_target_hours: Type.Number(),
});
export type EntityDetail = Static<typeof EntityDetailSchema>;

/**
 * POST /api/admin/entities and PUT /api/admin/entities/{id} (administrators). The name is unique
 * (409). `logo_id` names an image of category 'logo' (400 otherwise); `provider_name` a known
 * identity provider.
 */
export const EntityBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.name }),
  logo_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  provider_name: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: FIELD_LIMITS.providerName }))),
  /** The reply target in business hours, more than 0 and at most 200 (4 unless set). */
  reply_target_hours: Type.Optional(Type.Number({ minimum: 0.25, maximum: 200, multipleOf: 0.25 })),
});
export type EntityBody = Static<typeof EntityBodySchema>;

/** PUT /api/admin/entities/{id}: the fields to change. */
export const EntityUpdateBodySchema = Type.Partial(EntityBodySchema);
export type EntityUpdateBody = Static<typeof EntityUpdateBodySchema>;

/** PUT /api/admin/entities/{entityId}/user/add/{userId} and /user/remove/{userId}. */
export const EntityUserParamsSchema = Type.Object({
  entityId: Type.Integer({ minimum: 1 }),
  userId: Type.Integer({ minimum: 1 }),
});

export const ENTITY_MESSAGES = {
  notFound: 'Entity not found',
  nameTaken: 'An entity with this name already exists',
  logoNotFound: 'logo_id: no image of category logo has this id',
  unknownProvider: 'provider_name: no identity provider has this name',
  userNotInEntity: 'This user is not in this entity',
} as const;
