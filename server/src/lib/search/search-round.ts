import { SEARCH_COUNT_CAP, type SearchCount, type SearchKind } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import { iso } from '../iso';
import { branches, kindTables } from './kinds';
import { fence, type KindQuery } from './kinds/kind';
import { matchFor, SEARCH_TSQUERY } from './search-match';
import { selectivity, WALK_FROM, type WordStats } from './search-plan';
import { emptyResult, type SearchRequest, type Unquoted } from './search-request';

// One round of a search: one statement over every searched kind (the kinds' own SELECTs, kinds/),
// giving the page's hits and the counts per kind.

/**
 * A search's words as typed, made once for its statements: their tsquery (as text), folded
 * (`search_fold`), and the kinds with an item titled so.
 */
export interface PreparedWords {
  query: string;
  folded: string;
  kinds: ReadonlySet<SearchKind>;
}

/**
 * The kinds with an item whose folded title is the words as typed, whoever may see it: only those
 * get the exact-title part of the search's statement (below), whose planning cost as much as a
 * kind's own query (1.7 of a customer's 5 ms of planning, with none found), and only their rows
 * compare their title with the words. Answered by the folded titles' indexes, with one generic
 * plan: the visibility is the search's own, applied there.
 *
 * It also folds the words, once: where migration 0092 could not declare its immutable `unaccent`
 * (a role other than a superuser), `search_fold` is an SQL function PostgreSQL cannot inline, and
 * each call runs a small query of its own. Called for each kind here, for each call site while the
 * search's statement was planned, and for each of its rows, those calls were a tenth of
 * PostgreSQL's time for a customer's search. It makes their tsquery
 * once as well (`typed`, the to_tsquery text): each to_tsquery call reads the words through the
 * dictionaries, and the statement has four per kind.
 */
export async function prepareWords(
  db: Queryable,
  session: Session,
  request: SearchRequest,
  kinds: SearchKind[],
  words: string[],
  typed: string,
): Promise<PreparedWords> {
  const indexed = kindTables(session, request, kinds).filter(({ query }) => query.titleIndexed);
  const found = indexed.map(
    ({ kind, query }) =>
      `CASE WHEN EXISTS (SELECT 1 FROM ${query.table} WHERE search_fold(${query.title}) = typed.folded) THEN '${kind}' END`,
  );
  const { rows } = await db.query<{ query: string; folded: string; kinds: SearchKind[] | null }>(
    `SELECT ${SEARCH_TSQUERY('$2')}::text AS query, typed.folded, array_remove(ARRAY[${found.join(', ')}]::text[], NULL) AS kinds
       FROM (SELECT search_fold($1) AS folded) typed`,
    [words.join(' '), typed],
    { prepare: true },
  );
  return { query: rows[0]?.query ?? '', folded: rows[0]?.folded ?? words.join(' '), kinds: new Set(rows[0]?.kinds ?? []) };
}

interface HitRow {
  kind: SearchKind;
  id: number;
  title: string;
  date: Date | string | null;
}

export async function run(
  db: Queryable,
  session: Session,
  request: SearchRequest,
  kinds: SearchKind[],
  prepared: PreparedWords,
  stats: ReadonlyMap<string, WordStats>,
  query: string,
  corrected: string | null,
  similar = false,
): Promise<Unquoted & { correctedHits: number }> {
  const params: unknown[] = [query];
  if (corrected !== null) params.push(corrected);
  // The folded words are a parameter only where used: one PostgreSQL cannot type is refused.
  let folded: string | null = null;
  const foldedParam = () => (folded ??= `$${params.push(prepared.folded)}::text`);
  // The fallback (under five hits): the corrected words, and (`similar`) titles similar to what was typed.
  const match = matchFor(corrected !== null, similar, foldedParam);
  const all = branches(session, request);
  const dateConditions: Array<(date: string) => string> = [];
  if (request.from) {
    params.push(request.from);
    const from = `$${params.length}`;
    dateConditions.push((date) => `${date} >= ${from}::date`);
  }
  if (request.to) {
    params.push(request.to);
    const to = `$${params.length}`;
    dateConditions.push((date) => `${date} < ${to}::date + 1`);
  }
  // Whether a kind walks its date index (search-plan.ts): from the share of its table's rows the
  // words find, either round's.
  const walks = (table: string) => {
    if (request.way) return request.way === 'walk';
    const share = (tsquery: string | null) => (tsquery === null ? 0 : (selectivity(tsquery, stats.get(table)) ?? 0));
    const [typed, fixed] = [share(query), share(corrected)];
    return typed + fixed - typed * fixed >= WALK_FROM;
  };
  const walkingMatch = matchFor(corrected !== null, similar, foldedParam, true);
  interface Rows {
    query: KindQuery;
    where: string;
    found: string;
  }
  const rowsOf = (query: KindQuery): Rows => {
    const found = [query.matches, ...dateConditions.map((c) => c(query.date))].join(' AND ');
    return { query, where: `${query.visible} AND ${found}`, found };
  };
  // `fenced`: the kind's newest matches are read from its words' index (newestRows).
  const parts: Array<Rows & { kind: SearchKind; fenced: boolean }> = [];
  for (const kind of kinds) {
    // The kind's shape first (with parameters of its own, dropped): whether it has two ways. Only
    // the way taken is written in the statement, whose parameters must all be used.
    const shape = all[kind]?.(match, []);
    if (!shape) continue;
    const walked = shape.walked && (shape.newest || shape.from === shape.table) ? walks(shape.walked) : null;
    const query = all[kind]!(walked ? walkingMatch : match, params)!;
    parts.push({ kind, ...rowsOf(query), fenced: walked === null ? query.from === query.table : !walked });
  }
  if (parts.length === 0) return { ...emptyResult(request), correctedHits: 0 };

  // One statement per round (PGlite runs one at a time, and planning is most of a search there).
  // Each kind's newest matches, at most SEARCH_COUNT_CAP + 1, are read once, in a CTE of their
  // own: their number is the kind's count (capped: a word found in thousands of items costs what a
  // rare one does), and they are the candidates that are ranked and paged, whatever the page (so
  // that pages never overlap); a match older than those is neither counted nor ranked, but the
  // count says there are more. An exact title is added however old, in the kinds that have one
  // (`prepared.kinds`, found by the folded titles' indexes, migrations 0087 and 0090). The page's
  // hits get their paths and snippets afterwards (withSnippets). The statement keeps one generic
  // plan per text (QueryOptions.indexOrder): a large kind's text holds the way of reading its
  // newest matches chosen for these words (search-plan.ts). Planned for its values on every call
  // instead, the planning was a third of PostgreSQL's time for a customer's search.
  const candidates = SEARCH_COUNT_CAP + 1;
  // Each row is ranked where it is read, so that what is sorted and kept is narrow: sorting the
  // matches with their vectors (a kilobyte each) was most of a common word's cost.
  // A kind whose titles are indexed compares a row's title with the words only when the index
  // found one titled so (`prepared.kinds`); the others (a person's name) compare each row.
  const scored = (kind: SearchKind, query: KindQuery) =>
    `${query.id} AS id, ${query.title} AS title, ${query.date} AS date,
     ts_rank(${query.vector}, ${match.query}) AS rank,
     ${!query.titleIndexed || prepared.kinds.has(kind) ? `search_fold(${query.title}) = ${match.folded()}` : 'false'} AS exact,
     ${match.direct(query.vector)} AS direct`;
  // "Newest" is `date DESC, id DESC`, the order of the kinds' (date DESC, id DESC) indexes: for a
  // word held by many rows PostgreSQL walks one and stops at the limit, a cost that does not grow
  // with the table (a third of 10,000 advices: 7.2 ms by the words' index and a sort, 1.7 ms by the
  // walk). Every kind's date is NOT NULL (companies' and groups' are NULL for all rows), so no
  // NULLS LAST, which no index has in that order.
  const newest = (kind: SearchKind, { query, where, found }: Rows, fenced: boolean) => {
    const [source, condition] = query.newest
      ? [query.newest(found, candidates, fenced), query.newestVisible ? 'TRUE' : where]
      : fenced
        ? [fence(query.table, where), 'TRUE']
        : [query.from, where];
    return `SELECT ${scored(kind, query)}, ${match.corrected(query.vector)} AS corrected
        FROM ${source} WHERE ${condition}
       ORDER BY ${query.date} DESC, ${query.id} DESC LIMIT ${candidates}`;
  };
  const ctes = parts.map(({ kind, fenced, ...rows }, index) => `k${index} AS MATERIALIZED (${newest(kind, rows, fenced)})`);
  const countSql = parts
    .map(
      ({ kind }, index) =>
        `SELECT '${kind}'::text AS kind, count(*)::int AS count, count(*) FILTER (WHERE corrected)::int AS corrected FROM k${index}`,
    )
    .join(' UNION ALL ');
  const rankedSql = parts
    .map(({ kind, query, where }, index) => {
      const columns = 'id, title, date, rank, exact, direct';
      const withExact = prepared.kinds.has(kind)
        ? `SELECT DISTINCT ON (id) * FROM (SELECT ${columns} FROM k${index} UNION ALL
             (SELECT ${scored(kind, query)} FROM ${query.from} WHERE ${where} AND search_fold(${query.title}) = ${match.folded()} LIMIT ${candidates})) e`
        : `SELECT ${columns} FROM k${index}`;
      return `SELECT '${kind}'::text AS kind, c.* FROM (${withExact}) c`;
    })
    .join(' UNION ALL ');
  params.push(request.pageSize, (request.page - 1) * request.pageSize);
  const [limit, offset] = [params.length - 1, params.length].map((n) => `$${n}`);
  const order = 'exact DESC, direct DESC, rank DESC, date DESC NULLS LAST, kind, id';
  const pageSql = `SELECT * FROM (${rankedSql}) u ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  const { rows } = await db.query<{ hits: HitRow[] | null; counts: { kind: SearchKind; count: number; corrected: number }[] }>(
    `WITH ${ctes.join(',\n')}
     SELECT (SELECT json_agg(json_build_object('kind', p.kind, 'id', p.id, 'title', p.title, 'date', p.date) ORDER BY ${order})
               FROM (${pageSql}) p) AS hits,
            (SELECT json_agg(c) FROM (${countSql}) c) AS counts`,
    params,
    { prepare: true, indexOrder: true },
  );
  const hits = rows[0]?.hits ?? [];
  const kindCounts = rows[0]?.counts ?? [];
  const counts: SearchCount[] = kindCounts
    .filter((row) => row.count > 0)
    .map((row) => ({ kind: row.kind, count: Math.min(row.count, SEARCH_COUNT_CAP), capped: row.count > SEARCH_COUNT_CAP }));
  const total = counts.reduce((sum, count) => sum + count.count, 0);
  const items = hits.map((row) => ({ kind: row.kind, id: row.id, title: row.title, date: row.date === null ? null : iso(row.date) }));
  return {
    items,
    total,
    total_capped: counts.some((count) => count.capped),
    counts,
    page: request.page,
    page_size: request.pageSize,
    suggestion: null,
    corrected: false,
    correctedHits: kindCounts.reduce((sum, row) => sum + row.corrected, 0),
  };
}
