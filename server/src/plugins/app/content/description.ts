import { httpErrors } from '@fastify/sensible';
import sanitizeHtml from 'sanitize-html';
import { LIMITS } from '@hub/shared/api';

/** Data URLs of these image types only (SPEC §5: jpg, jpeg, gif and png). */
const DATA_IMAGE = /^data:image\/(jpe?g|gif|png)[;,]/i;
const IMAGE_SOURCE = /^https?:\/\//i;
const LINK = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * The rich-text editor's rules (SPEC §5), applied on the server so that nothing else reaches the
 * database: links http, https, mailto and tel; image sources http, https and data URLs of
 * jpg/jpeg/gif/png. Scripts, styles, frames, event handlers and style attributes are dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'ins', 'del', 's', 'u', 'sub', 'sup', 'span'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // sanitize-html lets relative URLs through whatever the schemes: the editor's rules allow
  // none, so an image whose source is not http(s) or an accepted data URL goes entirely…
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !(IMAGE_SOURCE.test(frame.attribs.src ?? '') || DATA_IMAGE.test(frame.attribs.src ?? '')),
  transformTags: {
    // …and a link keeps its text but loses any other target. A link opening a new tab must not
    // hand the portal's window to the target.
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(href && LINK.test(href.trim()) ? { href } : {}),
        ...(attribs.target ? { rel: 'noopener noreferrer' } : {}),
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
