import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_TAGS,
  HTML_DROPPED_TAGS,
  isAllowedImageSource,
  isAllowedLink,
  NEW_TAB_REL,
} from './html-rules';

const allowedTags = new Set(HTML_ALLOWED_TAGS);
const droppedTags = new Set(HTML_DROPPED_TAGS);

function cleanChildren(parent: Node) {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove();
      continue;
    }
    const element = child as Element;
    const tag = element.localName;
    if (droppedTags.has(tag)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (!allowedTags.has(tag)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    const allowed = HTML_ALLOWED_ATTRIBUTES[tag] ?? [];
    for (const { name } of [...element.attributes]) if (!allowed.includes(name)) element.removeAttribute(name);
    if (tag === 'a') {
      const href = element.getAttribute('href');
      if (href !== null && !isAllowedLink(href)) element.removeAttribute('href');
      if (element.hasAttribute('target')) element.setAttribute('rel', NEW_TAB_REL);
    }
    if (tag === 'img' && !isAllowedImageSource(element.getAttribute('src') ?? '')) element.remove();
  }
}

/**
 * The browser's pass of the rich-text rules (./html-rules.ts) over HTML before it is rendered or
 * pasted into the editor. The server already sanitises what it stores; this pass keeps a bad row
 * or a compromised server from running script in the portal. Parsing goes through DOMParser,
 * whose document runs no script and loads no image. Browser only (needs the DOM).
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
