/**
 * A second, client-side pass over descriptions before they are rendered as HTML. The server
 * already sanitises them (sanitize-html with the editor rules of SPEC §5); this allow-list keeps a
 * bad row or a compromised server from running script in the portal. Same rules: links http,
 * https, mailto and tel; image sources http, https and data URLs of jpg/jpeg/gif/png only.
 *
 * Parsing goes through DOMParser, whose document runs no script and loads no image.
 */
const ALLOWED_TAGS = new Set([
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
]);
/** Dropped with everything inside them; any other unknown element is unwrapped (its text kept). */
const DROPPED_TAGS = new Set([
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
  'textarea',
  'link',
  'meta',
  'base',
  'title',
  'head',
]);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
const LINK = /^(https?:|mailto:|tel:)/i;
const IMAGE = /^(https?:\/\/|data:image\/(jpe?g|gif|png)[;,])/i;

function cleanChildren(parent: Node) {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove();
      continue;
    }
    const element = child as Element;
    const tag = element.localName;
    if (DROPPED_TAGS.has(tag)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (!ALLOWED_TAGS.has(tag)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    const allowed = ALLOWED_ATTRIBUTES[tag] ?? [];
    for (const { name } of [...element.attributes]) if (!allowed.includes(name)) element.removeAttribute(name);
    if (tag === 'a') {
      const href = element.getAttribute('href')?.trim();
      if (href !== undefined && !LINK.test(href)) element.removeAttribute('href');
      if (element.hasAttribute('target')) element.setAttribute('rel', 'noopener noreferrer');
    }
    if (tag === 'img') {
      const src = element.getAttribute('src')?.trim() ?? '';
      if (!IMAGE.test(src)) element.remove();
    }
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
