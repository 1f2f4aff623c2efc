import { Type, type Static } from 'typebox';
import { ImageCategorySchema, ImageSchema, ListOf, PageQuerySchema } from './common';

/** An image as the admin API answers it: the public fields, its size and type, when it was added. */
export const AdminImageSchema = Type.Object({
  ...ImageSchema.properties,
  size_bytes: Type.Integer(),
  /** Read from the file's bytes: image/jpeg, image/png, image/gif or image/webp. */
  mime: Type.String(),
  created_at: Type.String(),
});
export type AdminImage = Static<typeof AdminImageSchema>;

export const ImageListSchema = ListOf(ImageSchema);
export type ImageList = Static<typeof ImageListSchema>;

export const AdminImageListSchema = ListOf(AdminImageSchema);
export type AdminImageList = Static<typeof AdminImageListSchema>;

/** GET /api/images/category/{category}, GET /api/admin/images/category/{category}. */
export const ImageCategoryParamSchema = Type.Object({ category: ImageCategorySchema });

/**
 * GET /api/images/{id}/file/{key}: the bytes, public and cacheable for <img>, behind a random key
 * per image so that ids cannot be walked. A wrong key answers 404 like a missing image.
 */
export const ImageFileParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }), key: Type.String({ maxLength: 64 }) });

/** GET /api/admin/images: optionally one category. */
export const AdminImageListQuerySchema = Type.Intersect([PageQuerySchema, Type.Object({ category: Type.Optional(ImageCategorySchema) })]);
export type AdminImageListQuery = Static<typeof AdminImageListQuerySchema>;

/**
 * The text fields of the multipart uploads (POST /api/images, POST /api/admin/images, and
 * POST /api/admin/images/{id} where every field and the file are optional), sent before the file
 * part named `file`. Without a file on create: 400 'File is Required'; at 50 MB or more: 400
 * 'Image size should be less than 50 MB !'. jpeg, png, gif and webp only, judged from the bytes.
 * POST /api/images (any signed-in user) accepts the 'profile' category only. The fields:
 * `category`, `name` (defaults to the file's name; at most FIELD_LIMITS.imageName characters) and
 * `description` (FIELD_LIMITS.imageDescription). The file part's name is IMAGE_FILE_FIELD (in
 * `field-rules.ts`, which the browser loads without typebox).
 */
export { IMAGE_FILE_FIELD } from './field-rules';

/** The server's refusals of an uploaded image, on the `file` field (IMAGE_FILE_FIELD). */
export const IMAGE_MESSAGES = {
  tooLarge: 'Image size should be less than 50 MB !',
} as const;

/**
 * GET /api/admin/images/{id}/usage: how many items show the image. Deleting the image keeps them
 * all: each loses the picture (its banner, thumbnail, logo or profile picture becomes empty).
 */
export const ImageUsageSchema = Type.Object({
  advices: Type.Integer({ minimum: 0 }),
  news_items: Type.Integer({ minimum: 0 }),
  entities: Type.Integer({ minimum: 0 }),
  users: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type ImageUsage = Static<typeof ImageUsageSchema>;
