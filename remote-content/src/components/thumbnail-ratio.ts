import { IMAGE_DISPLAY_SIZES } from '@hub/shared/ui';

/** Cards show their thumbnail at the thumbnail type's display ratio (a square crop on phones). */
export const THUMBNAIL_RATIO = `${IMAGE_DISPLAY_SIZES.thumbnail.width} / ${IMAGE_DISPLAY_SIZES.thumbnail.height}`;

/** Details pages show their banner at the banner type's display ratio. */
export const BANNER_RATIO = `${IMAGE_DISPLAY_SIZES.banner.width} / ${IMAGE_DISPLAY_SIZES.banner.height}`;
