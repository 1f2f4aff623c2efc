import type { ImageCategory } from '../api/common';
import { COUNT_LIMITS } from '../api/field-limits';

/**
 * The display size of each image type (docs/product.md §2 "Images library by type … with display sizes"):
 * where the picture is shown to customers, and the size the library and the picker show it at.
 */
export const IMAGE_DISPLAY_SIZES: Readonly<Record<ImageCategory, { width: number; height: number }>> = {
  banner: { width: 1200, height: 300 },
  thumbnail: { width: 400, height: 225 },
  profile: { width: 128, height: 128 },
  logo: { width: 240, height: 80 },
  description: { width: 800, height: 450 },
};

export const IMAGE_CATEGORIES: readonly ImageCategory[] = ['banner', 'thumbnail', 'profile', 'logo', 'description'];

/** docs/product.md §9: 50 MB; the server refuses an image of this size or more (`COUNT_LIMITS.imageBytes`). */
export const IMAGE_MAX_BYTES = COUNT_LIMITS.imageBytes;

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** A preview width no wider than `max`, keeping the type's aspect ratio. */
export function previewSize(category: ImageCategory, max: number): { width: number; height: number } {
  const size = IMAGE_DISPLAY_SIZES[category];
  const width = Math.min(size.width, max);
  return { width, height: Math.round((size.height * width) / size.width) };
}
