import { SEARCH_QUERY_MAX } from '@hub/shared/api';

/** The words of what a person typed: letters and digits, lower-cased, at most 8 of them. */
export function searchWords(text: string): string[] {
  return (
    text
      .slice(0, SEARCH_QUERY_MAX)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 8);
}

/**
 * The to_tsquery text of the words: every word required, the last one as a prefix while the
 * person is still typing it (no space after it). Each word is quoted, so nothing typed is read as
 * tsquery syntax.
 */
export function tsqueryText(words: readonly string[], typing: boolean): string {
  return words.map((word, index) => `'${word}'${typing && index === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/** Whether the text ends inside a word (the person is still typing it). */
export const stillTyping = (text: string) => /[\p{L}\p{N}]$/u.test(text);

// ts_headline marks the matched words with two private-use characters (U+E000, U+E001), never
// with HTML: the snippet is escaped as a whole, then only these become <mark> and </mark>.
export const MARK_START = '\uE000';
export const MARK_STOP = '\uE001';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A snippet safe to set as HTML: the text escaped, <mark> around the matched words and nothing else. */
export function safeSnippet(headline: string): string {
  const escaped = headline.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
  // Scanned by character code and copied by slices: per character, the page's snippets took a
  // tenth of the server's time for a search (bench/search.ts).
  const [start, stop] = [MARK_START.charCodeAt(0), MARK_STOP.charCodeAt(0)];
  let open = false;
  let out = '';
  let from = 0;
  for (let index = 0; index < escaped.length; index += 1) {
    const code = escaped.charCodeAt(index);
    if (code !== start && code !== stop) continue;
    out += escaped.slice(from, index);
    from = index + 1;
    if (code === start && !open) {
      out += '<mark>';
      open = true;
    } else if (code === stop && open) {
      out += '</mark>';
      open = false;
    }
  }
  out += escaped.slice(from);
  return open ? `${out}</mark>` : out;
}
