/** The layout's breakpoints (docs/product.md §9): medium 960 px, large 1280 px; overlay navigation up to 1279 px. */
export const BREAKPOINTS = { medium: 960, large: 1280 } as const;
export const FROM_MEDIUM = `@media screen and (min-width: ${BREAKPOINTS.medium}px)`;
/** Chakra's `xl` is 80em, 1280 px: `hideBelow="xl"` and `hideFrom="xl"` follow the large breakpoint. */
export const LARGE = 'xl';
/** The horizontal navigation's menus open this far below their trigger (docs/product.md §9). */
export const HORIZONTAL_MENU_OFFSET_PX = 6;
