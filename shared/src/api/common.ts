import { Type, type Static, type TSchema } from 'typebox';
import { COUNT_LIMITS, PAGE_SIZE_MAX } from './field-limits';

export const IdParamSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** The highest page number any list takes. */
export const PAGE_MAX = 1_000_000;

/** Paging query shared by every list call. */
export const PageQuerySchema = Type.Object({
  // Bounded, so that a page number no list can reach (1e309 reads as Infinity) is a 400, not an
  // offset the database refuses.
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 })),
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

/**
 * Counts stop here: a list answers "1,000+" (`total` COUNT_CAP and `total_capped`) rather than
 * counting a large table on every call.
 */
export const COUNT_CAP = 1000;

/**
 * A console list searched for a word counts its matches up to this, as the portal search counts
 * each kind's (50): a word held by thousands of rows then costs what a rare one does. The list
 * answers "50+" (`total_capped`) and pages on by its cursor, or by full pages.
 */
export const SEARCHED_COUNT_CAP = 50;

/** A list paged by number whose `total` stops at COUNT_CAP (`total_capped` past it): a table that grows is never counted whole. */
export const CappedListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    total_capped: Type.Boolean(),
    page: Type.Integer({ minimum: 1 }),
    page_size: Type.Integer({ minimum: 1 }),
  });

/** An opaque position in a list (the last item's sort key and id), from the previous page's `next_cursor`. */
export const CursorSchema = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

/** Paging by keyset: `cursor` (the previous page's `next_cursor`) reads the next page; deep pages cost what the first does. */
export const CursorPageQuerySchema = Type.Object({
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 })),
  cursor: Type.Optional(CursorSchema),
});

/**
 * A list paged by keyset: the fields of ListOf (`page` counts the pages read so far when known, else 1)
 * plus `next_cursor` (null on the last page) and `total_capped` (true when `total` is COUNT_CAP and
 * there are more).
 */
export const CursorListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    ...CappedListOf(item).properties,
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  });
export interface CursorList<T> extends List<T> {
  total_capped: boolean;
  next_cursor: string | null;
}

/** One refused field of a request, as data: the field's name as the API spells it, and why. */
export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });

/** Every error answer: Fastify's shape, plus `errors` when the server names the refused fields. */
export const ErrorResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  errors: Type.Optional(Type.Array(FieldErrorSchema)),
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
