import { Type, type Static } from 'typebox';
import { FIELD_LIMITS } from './field-limits';
import { AdviceListQuerySchema } from './advices';
import { CategorySchema, CursorListOf, ImageSchema, ListOf, Nullable } from './common';
import { AdminContentListQuerySchema, NOT_BLANK } from './content';
import { TranslatedFields, TranslatedWriteFields } from './translations';

/** A news item of docs/product.md §3: for everyone, not per entity. */
export const NewsItemSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Nullable(Type.String()),
  /** Sanitised HTML (docs/product.md §5 editor rules), at most 9999 characters. */
  description: Type.String(),
  /** 0 draft, 16 published. */
  status: Type.Integer(),
  pinned: Type.Boolean(),
  category: Nullable(CategorySchema),
  banner: Nullable(ImageSchema),
  thumbnail: Nullable(ImageSchema),
  tag: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  ...TranslatedFields,
});
export type NewsItem = Static<typeof NewsItemSchema>;

/** GET /api/news-items: the same query as advices (page, includes_unpublished). */
export const NewsItemListQuerySchema = AdviceListQuerySchema;
export type NewsItemListQuery = Static<typeof NewsItemListQuerySchema>;

export const NewsItemListSchema = ListOf(NewsItemSchema);
export type NewsItemList = Static<typeof NewsItemListSchema>;
/** GET /api/admin/news-items: a list page with `next_cursor` and `total_capped`. */
export const AdminNewsItemListSchema = CursorListOf(NewsItemSchema);
export type AdminNewsItemList = Static<typeof AdminNewsItemListSchema>;

/** POST /api/admin/news-items. New items are drafts, not pinned. Description rules as for advices. */
export const NewsItemCreateBodySchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.title, pattern: NOT_BLANK }),
  subtitle: Type.Optional(Nullable(Type.String({ maxLength: FIELD_LIMITS.subtitle }))),
  description: Type.Optional(Type.String()),
  pinned: Type.Optional(Type.Boolean()),
  tag: Type.Optional(Nullable(Type.String({ maxLength: FIELD_LIMITS.tag }))),
  category_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  banner_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  thumbnail_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  ...TranslatedWriteFields,
});
export type NewsItemCreateBody = Static<typeof NewsItemCreateBodySchema>;

/** PUT /api/admin/news-items/{id}: the fields to change. Only drafts can be edited (409 otherwise). */
export const NewsItemUpdateBodySchema = Type.Partial(NewsItemCreateBodySchema);
export type NewsItemUpdateBody = Static<typeof NewsItemUpdateBodySchema>;

/** GET /api/admin/news-items: every status. */
export const AdminNewsItemListQuerySchema = AdminContentListQuerySchema;
export type AdminNewsItemListQuery = Static<typeof AdminNewsItemListQuerySchema>;
