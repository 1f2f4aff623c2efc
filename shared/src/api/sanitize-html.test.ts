import { HTML_CASES, normalizeHtml } from '../test-support/html-cases';
import { sanitizeHtml } from './sanitize-html';

describe("the browser's pass of the rich-text rules", () => {
  it.each(HTML_CASES.map((c) => [c.name, c]))('should follow the rule: %s', (_name, { input, expected }) => {
    expect(normalizeHtml(sanitizeHtml(input))).toBe(normalizeHtml(expected));
  });
});
