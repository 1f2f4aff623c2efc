import type { Queryable } from '../../db/db';
import type { Match } from './kinds/kind';

// The words' side of a search: the tsquery of the words (as typed, or corrected), the corrections,
// and how a kind's rows are matched against them.

/** The tsquery of a to_tsquery text: either language's forms (an item carries no language). */
export const SEARCH_TSQUERY = (text: string) => `(to_tsquery('search_english', ${text}) || to_tsquery('search_french', ${text}))`;

/** The tsquery of a to_tsquery text: its words in English or in French (SEARCH_TSQUERY, as text). */
export async function tsqueryOf(db: Queryable, text: string): Promise<string> {
  const { rows } = await db.query<{ query: string }>(`SELECT ${SEARCH_TSQUERY('$1')}::text AS query`, [text], { prepare: true });
  return rows[0]?.query ?? '';
}

/**
 * Corrections of the words as typed: each word that no item holds is replaced by the indexed word
 * closest to it by trigram similarity. The word list says nothing by itself: a correction is only
 * offered when the corrected query finds something the person may see (`search()` below).
 */
export async function correctedWords(db: Queryable, words: string[], typing: boolean): Promise<string[]> {
  const corrected: string[] = [];
  for (const [index, word] of words.entries()) {
    const prefix = typing && index === words.length - 1;
    const { rows } = await db.query<{ word: string | null }>(
      `SELECT CASE WHEN EXISTS (SELECT 1 FROM search_words WHERE word = search_fold($1)
                     OR ($2 AND word LIKE replace(replace(replace(search_fold($1), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'))
                   THEN NULL
                   ELSE (SELECT word FROM search_words WHERE word OPERATOR(extensions.%) search_fold($1)
                          ORDER BY extensions.similarity(word, search_fold($1)) DESC, word LIMIT 1) END AS word`,
      [word, prefix],
      { prepare: true },
    );
    corrected.push(word.length >= 3 && rows[0]?.word ? rows[0].word : word);
  }
  return corrected;
}

/**
 * The match of a round: the tsquery of the words as typed ($1), in the fallback that of the
 * corrected words ($2) and, `similar`, the titles similar to what was typed (folded, `folded`).
 * Each comes made (prepareWords): written as to_tsquery calls, they were made again wherever they
 * appeared, while the statement was planned (four per kind).
 */
export function matchFor(fallback: boolean, similar: boolean, folded: () => string, walking = false): Match {
  const query = '$1::tsquery';
  const correctedQuery = '$2::tsquery';
  // Walking a date index (search-plan.ts), the match is written as the function behind @@: no
  // index serves it, and the planner takes it to hold for a third of the rows, so the generic plan
  // walks the date index and stops, where `@@` would make it read the words' index.
  const holds = (vector: string, tsquery: string) => (walking ? `ts_match_vq(${vector}, ${tsquery})` : `${vector} @@ ${tsquery}`);
  return {
    query,
    folded,
    condition: (vector, title) =>
      fallback
        ? `(${holds(vector, query)} OR ${holds(vector, correctedQuery)}${!similar || title === "''" ? '' : ` OR search_fold(${title}) OPERATOR(extensions.%) ${folded()}`})`
        : holds(vector, query),
    direct: (vector) => (fallback ? `(${vector} @@ ${query})::int` : '1'),
    corrected: (vector) => (fallback ? `${vector} @@ ${correctedQuery}` : 'false'),
  };
}
