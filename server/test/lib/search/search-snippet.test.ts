import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { drawSnippet as draw, readSnippetText, SNIPPET_WORDS, snippetWords } from '../../../src/lib/search/search-snippet';
import { MARK_START, MARK_STOP } from '../../../src/lib/search/search-query';

const drawSnippet = (text: string, marked: ReadonlySet<string>) => draw(readSnippetText(text), marked);
const words = (count: number, from = 0) => Array.from({ length: count }, (_, index) => `w${from + index}`).join(' ');

describe('search snippets', () => {
  test('should list each word of the texts once, lower-cased', () => {
    assert.deepEqual(snippetWords(['Les Rapports, les rapports.', 'rapports 2024'].map(readSnippetText)), ['les', 'rapports', '2024']);
  });

  test('should show a short text whole, with the found words marked and the rest escaped', () => {
    const snippet = drawSnippet('Les rapports <b>de</b>\n\n réconciliation & éléments', new Set(['rapports', 'éléments']));
    assert.equal(snippet, 'Les <mark>rapports</mark> &lt;b&gt;de&lt;/b&gt; réconciliation &amp; <mark>éléments</mark>');
  });

  test('should mark whole words only, whatever their case', () => {
    assert.equal(drawSnippet('Rapport rapporteur RAPPORT', new Set(['rapport'])), '<mark>Rapport</mark> rapporteur <mark>RAPPORT</mark>');
  });

  test('should cut a long text around its first found words, in two fragments at most', () => {
    const text = `${words(40)} needle ${words(40, 40)} needle ${words(40, 80)} needle ${words(10, 120)}`;
    const snippet = drawSnippet(text, new Set(['needle']));
    const fragments = snippet.split(' … ');
    assert.equal(fragments.length, 2);
    for (const fragment of fragments) assert.match(fragment, /^w\d+ w\d+ w\d+ w\d+ <mark>needle<\/mark>/);
    assert.equal(snippet.split(/\s+/).filter((word) => word !== '…').length, SNIPPET_WORDS);
  });

  test('should give one found word the whole length, and show the start when none is found', () => {
    const text = `${words(60)} needle ${words(5, 60)}`;
    const one = drawSnippet(text, new Set(['needle']));
    assert.ok(!one.includes('…'));
    assert.equal(one.split(' ').length, SNIPPET_WORDS);
    assert.match(one, /<mark>needle<\/mark> w60 w61 w62 w63 w64$/);
    assert.equal(drawSnippet(text, new Set()), words(SNIPPET_WORDS));
  });

  test('should drop the marking characters a text itself holds', () => {
    assert.equal(drawSnippet(`a ${MARK_START}b${MARK_STOP} c`, new Set(['c'])), 'a b <mark>c</mark>');
  });
});
