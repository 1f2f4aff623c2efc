import { Type, type Static } from 'typebox';
import { AudienceTypeSchema, CategorySchema, EntitySummarySchema, ImageSchema, ListOf, Nullable, PageQuerySchema } from './common';

export const AdviceSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Nullable(Type.String()),
  /** Sanitised HTML (SPEC §5 editor rules), at most 9999 characters. */
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
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Advice = Static<typeof AdviceSchema>;

export const AdviceListQuerySchema = Type.Intersect([
  PageQuerySchema,
  Type.Object({ includes_unpublished: Type.Optional(Type.Boolean()) }),
]);
export type AdviceListQuery = Static<typeof AdviceListQuerySchema>;

export const AdviceListSchema = ListOf(AdviceSchema);
export type AdviceList = Static<typeof AdviceListSchema>;
