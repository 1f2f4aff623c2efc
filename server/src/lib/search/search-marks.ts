import type { Queryable } from '../../db/db';
import { parseTsquery, type TsqueryNode } from './search-plan';

// Which words of a page's snippets are marked (search-snippet.ts draws them): a word is found when
// one of its lexemes, in English or in French (an item carries no language), is one the query
// holds, or begins with one the query holds as a prefix (`'reconc':*`). That is what ts_headline
// marks. A word's lexemes are PostgreSQL's own (its text search configurations: accents folded,
// then stemmed), read once and kept for the handle: they do not change while the server runs, and
// the words of one page's snippets are mostly those of the pages before it. Asking PostgreSQL to
// mark the page's words instead (a headline of every distinct word, in both languages) was a
// statement on every search, and its dictionaries read every word again.

/** The most words whose lexemes a handle keeps; past it the oldest tenth is forgotten. */
export const WORD_LEXEMES_KEPT = 50_000;

const kept = new WeakMap<Queryable, Map<string, readonly string[]>>();

/**
 * Each word's lexemes in either language (none for a stop word), from the handle's kept ones or
 * read at once; the handle keeps at most `keep` words.
 */
export async function wordLexemes(
  db: Queryable,
  words: readonly string[],
  keep = WORD_LEXEMES_KEPT,
): Promise<Map<string, readonly string[]>> {
  let known = kept.get(db);
  if (!known) kept.set(db, (known = new Map()));
  const found = new Map<string, readonly string[]>();
  const missing: string[] = [];
  for (const word of words) {
    const lexemes = known.get(word);
    if (lexemes) found.set(word, lexemes);
    else missing.push(word);
  }
  if (missing.length === 0) return found;
  const { rows } = await db.query<{ word: string; lexemes: string[] | null }>(
    `SELECT w.word, tsvector_to_array(to_tsvector('search_english', w.word) || to_tsvector('search_french', w.word)) AS lexemes
       FROM unnest($1::text[]) w(word)`,
    [missing],
    { prepare: true },
  );
  for (const row of rows) {
    const lexemes = row.lexemes ?? [];
    found.set(row.word, lexemes);
    known.set(row.word, lexemes);
  }
  if (known.size > keep) {
    // A Map iterates in insertion order: the first are the oldest.
    let excess = known.size - Math.floor(keep * 0.9);
    for (const word of known.keys()) {
      if (excess-- <= 0) break;
      known.delete(word);
    }
  }
  return found;
}

/** A query's words as PostgreSQL holds them: each lexeme of the tsqueries, and whether it is a prefix. */
export interface Operand {
  lexeme: string;
  prefix: boolean;
}

/** The operands of tsqueries written as PostgreSQL writes them (`'rapport' & 'mensuel':*`); an unreadable one adds none. */
export function queryOperands(tsqueries: readonly string[]): Operand[] {
  const operands: Operand[] = [];
  const walk = (node: TsqueryNode) => {
    if ('lexeme' in node) operands.push({ lexeme: node.lexeme, prefix: node.prefix });
    else if ('not' in node) walk(node.not);
    else {
      walk(node.left);
      walk(node.right);
    }
  };
  for (const text of tsqueries) {
    const tree = text.trim() ? parseTsquery(text) : null;
    if (tree) walk(tree);
  }
  return operands;
}

/** The words one of whose lexemes the operands find. */
export function markedWords(lexemes: ReadonlyMap<string, readonly string[]>, operands: readonly Operand[]): Set<string> {
  const marked = new Set<string>();
  for (const [word, forms] of lexemes) {
    const found = forms.some((form) =>
      operands.some((operand) => (operand.prefix ? form.startsWith(operand.lexeme) : form === operand.lexeme)),
    );
    if (found) marked.add(word);
  }
  return marked;
}
