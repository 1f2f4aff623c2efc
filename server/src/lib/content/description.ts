import { httpErrors } from '@fastify/sensible';
import sanitizeHtml from 'sanitize-html';
import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_TAGS,
  HTML_DROPPED_TAGS,
  isAllowedImageSource,
  isAllowedLink,
  LIMITS,
  NEW_TAB_REL,
} from '@hub/shared/api';

/**
 * The rich-text rules of @hub/shared/api (html-rules.ts, docs/product.md §5) for sanitize-html, applied on the
 * server so that nothing else reaches the database; the browser applies the same rules with the
 * DOM, and one table of cases checks both.
 */
const droppedTags = new Set(HTML_DROPPED_TAGS);
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  // `rel` is written by the transform below, never taken from the input.
  allowedAttributes: { ...HTML_ALLOWED_ATTRIBUTES, a: [...HTML_ALLOWED_ATTRIBUTES.a!, 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Dropped elements go with their text (sanitize-html would otherwise keep the text of a discarded element).
  nonTextTags: [...HTML_DROPPED_TAGS],
  // sanitize-html lets relative URLs through whatever the schemes, and keeps the children of a
  // discarded element: an image whose source breaks the rules goes entirely, and so does anything
  // inside a dropped element…
  exclusiveFilter: (frame) => droppedTags.has(frame.tag) || (frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src ?? '')),
  transformTags: {
    // …and a link keeps its text but loses any other target. A link opening a new tab must not
    // hand the portal's window to the target.
    a: (tagName, { href, rel: _rel, ...attribs }) => ({
      tagName,
      attribs: {
        ...(href && isAllowedLink(href) ? { href } : {}),
        ...attribs,
        ...(attribs.target ? { rel: NEW_TAB_REL } : {}),
      },
    }),
  },
};

const tooLong = (length: number) => httpErrors.badRequest(`Description is too long ! (${length}/${LIMITS.descriptionMax})`);

/**
 * A description as it may be stored: sanitised, at most 9999 characters. The length is checked
 * on what was sent and again on the sanitised text (escaping can lengthen it); the message names
 * the real length.
 */
export function cleanDescription(html: string): string {
  if (html.length > LIMITS.descriptionMax) throw tooLong(html.length);
  const clean = sanitizeHtml(html, OPTIONS);
  if (clean.length > LIMITS.descriptionMax) throw tooLong(clean.length);
  return clean;
}
