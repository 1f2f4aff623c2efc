/** WCAG relative luminance of a #rgb or #rrggbb colour, or null when it is not one. */
function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const DARK = '#111111';
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The text colour (white or near black) that reads best on a category's own colour: categories
 * take any colour, and white on a light one fails WCAG AA.
 */
export function readableTextColor(background: string): string {
  const l = luminance(background);
  if (l === null) return 'white';
  return contrast(1, l) >= contrast(luminance(DARK)!, l) ? 'white' : DARK;
}
