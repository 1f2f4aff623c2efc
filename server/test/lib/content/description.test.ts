// @one-pass: pure code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HTML_CASES, normalizeHtml } from '@hub/shared/test-support/html-cases';
import { LIMITS } from '@hub/shared/api';
import { cleanDescription } from '../../../src/lib/content/description';

// The server's pass of the rich-text rules, on the same table of cases as the browser's
// (shared/src/api/sanitize-html.test.ts).
describe("the server's pass of the rich-text rules", () => {
  for (const { name, input, expected } of HTML_CASES) {
    test(`it ${name}`, () => {
      assert.equal(normalizeHtml(cleanDescription(input)), normalizeHtml(expected));
    });
  }

  test('it refuses a description over 9999 characters with the real length', () => {
    assert.equal(cleanDescription('a'.repeat(LIMITS.descriptionMax)).length, LIMITS.descriptionMax);
    assert.throws(() => cleanDescription('a'.repeat(LIMITS.descriptionMax + 1)), { message: 'Description is too long ! (10000/9999)' });
  });
});
