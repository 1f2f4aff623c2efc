import { MARK_START, MARK_STOP, safeSnippet } from './search-query';

// A hit's snippet: a fragment or two of its text with the words the search found marked. Which
// words those are is PostgreSQL's answer (a word is found when its French or English form is one
// the query holds: search.ts, withSnippets); this draws the fragments around them. Drawn here, the
// text of a page's hits is read through the dictionaries once per distinct word, where a headline
// per hit (ts_headline) read every word of every hit, in both languages: 1.9 of an administrator's
// 4 ms in PostgreSQL per search.

/** A word, as the snippets read a text: a run of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;
/** The most words a snippet shows, as at most two fragments. */
export const SNIPPET_WORDS = 28;
const FRAGMENTS = 2;
/** Words shown before a fragment's first found word. */
const LEAD = 4;
/** How much of a hit's text is read for its snippet: a word found past it is shown by the text's start. */
export const SNIPPET_TEXT_MAX = 10_000;

/** The distinct words of the texts, lower-cased: what PostgreSQL is asked to mark. */
export function snippetWords(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const [word] of text.matchAll(WORD)) words.add(word.toLowerCase());
  return [...words];
}

/**
 * The words PostgreSQL marked, from its headline of `snippetWords` joined by single spaces (each
 * marked word is wrapped in MARK_START and MARK_STOP).
 */
export function markedWords(headline: string): Set<string> {
  const marked = new Set<string>();
  for (const part of headline.split(' ')) {
    if (part.startsWith(MARK_START) && part.endsWith(MARK_STOP)) marked.add(part.slice(1, -1));
  }
  return marked;
}

/**
 * A text's snippet, safe to set as HTML (safeSnippet): all of it when short, else up to two
 * fragments around its first found words, joined by " … ", or its start when no word is found.
 */
export function drawSnippet(text: string, marked: ReadonlySet<string>): string {
  const clean = text.replaceAll(MARK_START, '').replaceAll(MARK_STOP, '');
  const words = [...clean.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    found: marked.has(match[0].toLowerCase()),
  }));
  if (words.length === 0) return safeSnippet(clean.replace(/\s+/g, ' ').trim());
  const ranges: Array<[number, number]> = [];
  if (words.length <= SNIPPET_WORDS) ranges.push([0, words.length]);
  else {
    const perFragment = SNIPPET_WORDS / FRAGMENTS;
    for (const [index, word] of words.entries()) {
      if (!word.found) continue;
      const last = ranges.at(-1);
      if (last && index < last[1]) continue;
      if (ranges.length === FRAGMENTS) break;
      const start = Math.max(last?.[1] ?? 0, index - LEAD);
      ranges.push([start, Math.min(words.length, start + perFragment)]);
    }
    // One fragment (or none found): the whole length for it, from the start when nothing is found.
    if (ranges.length <= 1) {
      const start = Math.min(ranges[0]?.[0] ?? 0, words.length - SNIPPET_WORDS);
      ranges.splice(0, ranges.length, [start, start + SNIPPET_WORDS]);
    }
  }
  const fragments = ranges.map(([start, end]) => {
    let out = '';
    let at = words[start]!.start;
    for (const word of words.slice(start, end)) {
      out += clean.slice(at, word.start);
      const text = clean.slice(word.start, word.end);
      out += word.found ? `${MARK_START}${text}${MARK_STOP}` : text;
      at = word.end;
    }
    return out;
  });
  return safeSnippet(fragments.join(' … ').replace(/\s+/g, ' ').trim());
}
