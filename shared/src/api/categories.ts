import { Type, type Static } from 'typebox';
import { FIELD_LIMITS } from './field-limits';
import { CategorySchema, ListOf, PageQuerySchema } from './common';
import { NOT_BLANK } from './content';

import { COLOR_PATTERN } from './field-rules';

/** A colour as #rrggbb (in `field-rules.ts`, which the browser loads without typebox). */
export { COLOR_PATTERN } from './field-rules';

/** GET /api/categories (any signed-in user: the content filters and forms) and GET /api/admin/categories. */
export const CategoryListQuerySchema = Type.Intersect([
  PageQuerySchema,
  /** Case-insensitive search in the name (the admin console's search box). */
  Type.Object({ search: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.search })) }),
]);
export type CategoryListQuery = Static<typeof CategoryListQuerySchema>;

export const CategoryListSchema = ListOf(CategorySchema);
export type CategoryList = Static<typeof CategoryListSchema>;

/** POST /api/admin/categories (administrators). The colour defaults to #999999 (docs/product.md §9). */
export const CategoryCreateBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.categoryName, pattern: NOT_BLANK }),
  color: Type.Optional(Type.String({ pattern: COLOR_PATTERN })),
});
export type CategoryCreateBody = Static<typeof CategoryCreateBodySchema>;

/** PUT /api/admin/categories/{id}: the fields to change. */
export const CategoryUpdateBodySchema = Type.Partial(CategoryCreateBodySchema);
export type CategoryUpdateBody = Static<typeof CategoryUpdateBodySchema>;
