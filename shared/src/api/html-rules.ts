/**
 * The one rule set of rich text (docs/product.md §5), applied by the server before anything is stored
 * (server/src/lib/content/description.ts, with sanitize-html) and by the browser before
 * anything is rendered or pasted into the editor (`sanitizeHtml` in ./sanitize-html.ts, with the
 * DOM): the same tags, attributes, link and image rules. One table of cases
 * (@hub/shared/test-support/html-cases) is run against both.
 */

/** Elements kept (their allowed attributes only). */
export const HTML_ALLOWED_TAGS: readonly string[] = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'del',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

/** Elements dropped with everything inside them; any other unknown element is unwrapped (its text kept). */
export const HTML_DROPPED_TAGS: readonly string[] = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'link',
  'meta',
  'base',
  'title',
  'head',
];

/** The attributes each kept element may carry; none for the others (no event handlers, no style). */
export const HTML_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

const LINK = /^(https?:\/\/|mailto:|tel:)/i;
const IMAGE_SOURCE = /^(https?:\/\/|data:image\/(jpe?g|gif|png)[;,])/i;

/** Links: http, https, mailto and tel only (docs/product.md §5). A link with another target keeps its text and loses the target. */
export const isAllowedLink = (href: string): boolean => LINK.test(href.trim());

/** Image sources: http, https, and data URLs of jpg, jpeg, gif and png only (docs/product.md §5). An image with another source is removed. */
export const isAllowedImageSource = (src: string): boolean => IMAGE_SOURCE.test(src.trim());

/** A link that opens a new tab gets this `rel`, so that the target cannot reach the portal's window. */
export const NEW_TAB_REL = 'noopener noreferrer';
