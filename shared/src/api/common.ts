import { Type, type Static, type TSchema } from 'typebox';
import { COUNT_LIMITS } from './field-limits';

export const IdParamSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdParam = Static<typeof IdParamSchema>;

/** Paging query shared by every list call. */
export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: COUNT_LIMITS.pageSize, default: 20 })),
});
export type PageQuery = Static<typeof PageQuerySchema>;

/** The one shape of every list answer: the page of items and the total count. */
export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    page_size: Type.Integer({ minimum: 1 }),
  });
export interface List<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export const ErrorResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});

export const StatusResponseSchema = Type.Object({ status: Type.Literal('success') });

export const ImageCategorySchema = Type.Union([
  Type.Literal('banner'),
  Type.Literal('thumbnail'),
  Type.Literal('profile'),
  Type.Literal('logo'),
  Type.Literal('description'),
]);
export type ImageCategory = Static<typeof ImageCategorySchema>;

export const ImageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Prefixed with the API host (docs/product.md §9). */
  url: Type.String(),
  category: ImageCategorySchema,
  description: Type.Union([Type.String(), Type.Null()]),
});
export type Image = Static<typeof ImageSchema>;

export const EntitySummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Type.Union([ImageSchema, Type.Null()]),
});
export type EntitySummary = Static<typeof EntitySummarySchema>;

export const CategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
});
export type Category = Static<typeof CategorySchema>;

export const AudienceTypeSchema = Type.Union([Type.Literal('user'), Type.Literal('multi_users')]);
export type AudienceType = Static<typeof AudienceTypeSchema>;

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
