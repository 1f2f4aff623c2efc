import type { SearchResult } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import { kindTables } from './kinds';
import type { KindQuery } from './kinds/kind';
import { markedWords, queryOperands, wordLexemes } from './search-marks';
import type { SearchRequest, Unquoted } from './search-request';
import { drawSnippet, readSnippetText, SNIPPET_TEXT_MAX, snippetWords } from './search-snippet';

// The page's hits made whole: each one's portal path and snippet.

/**
 * The page's paths and snippets (search-snippet.ts). Each hit's path and text are read by its id,
 * in a statement of its own with one generic plan: in the search's statement, planned for its
 * values on every call, they were a fifth of the planning (and the paths' joins were planned for
 * every candidate), and a round whose hits are not kept (a typo's first) reads none. A hit
 * without text of its own is quoted by its title. Then the distinct words of these texts whose
 * French or English lexeme the query holds are marked (search-marks.ts): every word once, where a
 * headline per hit read each hit's every word, and from lexemes kept, where a headline of the
 * page's words was a statement of its own.
 */
export async function withSnippets(
  db: Queryable,
  session: Session,
  request: SearchRequest,
  result: Unquoted,
  tsquery: string,
  corrected: string | null,
): Promise<SearchResult> {
  if (result.items.length === 0) return { ...result, items: [] };
  const present = new Set(result.items.map((item) => item.kind));
  const tables = kindTables(session, request, [...present]);
  const query = '$4::tsquery';
  // A value of each hit's own row, read by its id from `from` (the kind's table, or its joins), for
  // the kinds that have one.
  const perHit = (value: (kindQuery: KindQuery) => string | undefined, from: (kindQuery: KindQuery) => string) => {
    const cases = tables.flatMap(({ kind, query: kindQuery }) => {
      const read = value(kindQuery);
      return read === undefined ? [] : [`WHEN '${kind}' THEN (SELECT ${read} FROM ${from(kindQuery)} WHERE ${kindQuery.id} = h.id)`];
    });
    return cases.length > 0 ? `CASE h.kind ${cases.join(' ')} END` : 'NULL';
  };
  const bodySql = perHit(
    (kindQuery) => kindQuery.body(query),
    (kindQuery) => kindQuery.table,
  );
  // What a hit's path needs besides its id (a company's slug, a folder's collection); the path
  // itself is the kind's (@hub/shared's portal paths), made below.
  const placeSql = perHit(
    (kindQuery) => kindQuery.place,
    (kindQuery) => kindQuery.located ?? kindQuery.table,
  );
  // The words of either round are marked (a typo's hits are found by the corrected words).
  const marking = [tsquery, corrected]
    .filter((each): each is string => Boolean(each?.trim()))
    .map((each) => `(${each})`)
    .join(' | ');
  const { rows } = await db.query<{ text: string | null; place: unknown[] | null }>(
    `SELECT left(CASE WHEN btrim(coalesce(b.body, '')) = '' THEN h.title ELSE b.body END, ${SNIPPET_TEXT_MAX}) AS text, ${placeSql} AS place
       FROM unnest($1::text[], $2::int[], $3::text[]) WITH ORDINALITY h(kind, id, title, n),
       LATERAL (SELECT ${bodySql} AS body OFFSET 0) b
      ORDER BY h.n`,
    // The query only where a kind's text needs it (a ticket's latest reply it finds).
    [result.items.map((item) => item.kind), result.items.map((item) => item.id), result.items.map((item) => item.title)].concat(
      bodySql.includes(query) ? [marking] : [],
    ),
    { prepare: true },
  );
  const texts = result.items.map((item, index) => readSnippetText(rows[index]?.text ?? item.title));
  const words = snippetWords(texts);
  const marked =
    words.length > 0 ? markedWords(await wordLexemes(db, words), queryOperands([tsquery, corrected ?? ''])) : new Set<string>();
  const kinds = new Map(tables.map(({ kind, query: kindQuery }) => [kind, kindQuery]));
  // A hit whose row went since it was found (its place no longer read) opens the home page.
  const pathOf = (item: Unquoted['items'][number], place: readonly unknown[] | null | undefined) => {
    const kindQuery = kinds.get(item.kind);
    if (!kindQuery || (kindQuery.place !== undefined && !place)) return '/';
    return kindQuery.path(item.id, place ?? []);
  };
  return {
    ...result,
    items: result.items.map((item, index) => ({
      ...item,
      path: pathOf(item, rows[index]?.place),
      snippet: drawSnippet(texts[index]!, marked),
    })),
  };
}
