import { Type, type Static } from 'typebox';
import { FIELD_LIMITS } from './field-limits';
import {
  AudienceTypeSchema,
  CategorySchema,
  CursorListOf,
  EntitySummarySchema,
  ImageSchema,
  ListOf,
  Nullable,
  PageQuerySchema,
} from './common';
import { AdminContentListQuerySchema, NOT_BLANK } from './content';
import { AdviceMustReadFieldsSchema } from './advice-reach';
import { TranslatedFields, TranslatedWriteFields } from './translations';

export const AdviceSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Nullable(Type.String()),
  /** Sanitised HTML (docs/product.md §5 editor rules), at most 9999 characters. */
  description: Type.String(),
  /** 0 draft, 16 published. */
  status: Type.Integer(),
  audience_type: AudienceTypeSchema,
  pinned: Type.Boolean(),
  category: Nullable(CategorySchema),
  banner: Nullable(ImageSchema),
  thumbnail: Nullable(ImageSchema),
  entity: Nullable(EntitySummarySchema),
  sources: Type.Object({ users: Type.Array(Type.Integer()) }),
  ...AdviceMustReadFieldsSchema.properties,
  created_at: Type.String(),
  updated_at: Type.String(),
  ...TranslatedFields,
});
export type Advice = Static<typeof AdviceSchema>;

export const AdviceListQuerySchema = Type.Intersect([
  PageQuerySchema,
  Type.Object({ includes_unpublished: Type.Optional(Type.Boolean()) }),
]);
export type AdviceListQuery = Static<typeof AdviceListQuerySchema>;

export const AdviceListSchema = ListOf(AdviceSchema);
export type AdviceList = Static<typeof AdviceListSchema>;
/** GET /api/admin/advices: a list page with `next_cursor` and `total_capped`. */
export const AdminAdviceListSchema = CursorListOf(AdviceSchema);
export type AdminAdviceList = Static<typeof AdminAdviceListSchema>;

/**
 * POST /api/admin/advices. Unset fields take their defaults: draft, audience 'user', not pinned.
 * `entity_id`: an administrator names the entity (else the X-Entity-ID in force); a contributor or
 * publisher always writes into their own entity. The description is sanitised by the server and
 * refused above 9999 characters ('Description is too long ! (length/9999)').
 */
export const AdviceCreateBodySchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.title, pattern: NOT_BLANK }),
  subtitle: Type.Optional(Nullable(Type.String({ maxLength: FIELD_LIMITS.subtitle }))),
  description: Type.Optional(Type.String()),
  audience_type: Type.Optional(AudienceTypeSchema),
  pinned: Type.Optional(Type.Boolean()),
  category_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  banner_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  thumbnail_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  entity_id: Type.Optional(Type.Integer({ minimum: 1 })),
  ...TranslatedWriteFields,
});
export type AdviceCreateBody = Static<typeof AdviceCreateBodySchema>;

/** PUT /api/admin/advices/{id}: the fields to change. Only drafts can be edited (409 otherwise). */
export const AdviceUpdateBodySchema = Type.Partial(AdviceCreateBodySchema);
export type AdviceUpdateBody = Static<typeof AdviceUpdateBodySchema>;

/** GET /api/admin/advices: drafts included, the entity in force (all entities for an administrator without one). */
export const AdminAdviceListQuerySchema = AdminContentListQuerySchema;
export type AdminAdviceListQuery = Static<typeof AdminAdviceListQuerySchema>;
