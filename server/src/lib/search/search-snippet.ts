import { MARK_START, MARK_STOP, safeSnippet } from './search-query';

// A hit's snippet: a fragment or two of its text with the words the search found marked. Which
// words those are comes from PostgreSQL's lexemes of each word (a word is found when its French or
// English form is one the query holds: search-marks.ts); this draws the fragments around them.
// Drawn here, the text of a page's hits is read through the dictionaries once per distinct word,
// where a headline per hit (ts_headline) read every word of every hit, in both languages: 1.9 of an
// administrator's 4 ms in PostgreSQL per search.

/** A word, as the snippets read a text: a run of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;
/** The most words a snippet shows, as at most two fragments. */
export const SNIPPET_WORDS = 28;
const FRAGMENTS = 2;
/** Words shown before a fragment's first found word. */
const LEAD = 4;
/** How much of a hit's text is read for its snippet: a word found past it is shown by the text's start. */
export const SNIPPET_TEXT_MAX = 10_000;

/** A hit's text read once for its snippet: without marking characters, and its words (lower-cased in `key`). */
export interface SnippetText {
  clean: string;
  words: Array<{ start: number; end: number; key: string }>;
}

export function readSnippetText(text: string): SnippetText {
  const clean = text.includes(MARK_START) || text.includes(MARK_STOP) ? text.replaceAll(MARK_START, '').replaceAll(MARK_STOP, '') : text;
  const words: SnippetText['words'] = [];
  const pattern = new RegExp(WORD.source, WORD.flags);
  for (let match = pattern.exec(clean); match !== null; match = pattern.exec(clean)) {
    words.push({ start: match.index, end: match.index + match[0].length, key: match[0].toLowerCase() });
  }
  return { clean, words };
}

/** The distinct words of the texts, lower-cased: what PostgreSQL is asked to mark. */
export function snippetWords(texts: readonly SnippetText[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const word of text.words) words.add(word.key);
  return [...words];
}

/**
 * A text's snippet, safe to set as HTML (safeSnippet): all of it when short, else up to two
 * fragments around its first found words, joined by " … ", or its start when no word is found.
 */
export function drawSnippet({ clean, words }: SnippetText, marked: ReadonlySet<string>): string {
  const count = words.length;
  if (count === 0) return safeSnippet(clean.replace(/\s+/g, ' ').trim());
  const found: boolean[] = new Array<boolean>(count);
  for (let index = 0; index < count; index += 1) found[index] = marked.has(words[index]!.key);
  // Word ranges [start, end) shown, in order.
  const ranges: Array<[number, number]> = [];
  if (count <= SNIPPET_WORDS) ranges.push([0, count]);
  else {
    const perFragment = SNIPPET_WORDS / FRAGMENTS;
    let shownTo = 0;
    for (let index = 0; index < count && ranges.length < FRAGMENTS; index += 1) {
      if (!found[index] || (ranges.length > 0 && index < shownTo)) continue;
      const start = Math.max(shownTo, index - LEAD);
      shownTo = Math.min(count, start + perFragment);
      ranges.push([start, shownTo]);
    }
    // One fragment (or none found): the whole length for it, from the start when nothing is found.
    if (ranges.length <= 1) {
      const start = Math.min(ranges[0]?.[0] ?? 0, count - SNIPPET_WORDS);
      ranges.length = 0;
      ranges.push([start, start + SNIPPET_WORDS]);
    }
  }
  // Each gap between two words keeps its punctuation, its spaces made one: most gaps are one
  // space already, and a whole fragment read again for its spaces cost a third of the drawing.
  let out = '';
  for (const [start, end] of ranges) {
    if (out !== '') out += ' … ';
    let at = words[start]!.start;
    for (let index = start; index < end; index += 1) {
      const word = words[index]!;
      if (at < word.start) {
        const gap = clean.slice(at, word.start);
        out += gap === ' ' ? gap : gap.replace(/\s+/g, ' ');
      }
      out += found[index] ? MARK_START + clean.slice(word.start, word.end) + MARK_STOP : clean.slice(word.start, word.end);
      at = word.end;
    }
  }
  return safeSnippet(out);
}
