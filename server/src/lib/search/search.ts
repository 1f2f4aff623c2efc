import {
  isAdministrator,
  isContributor,
  SEARCH_ADMIN_KINDS,
  SEARCH_COUNT_CAP,
  SEARCH_FALLBACK_UNDER,
  SEARCH_KINDS,
  type SearchCount,
  type SearchHit,
  type SearchKind,
  type SearchResult,
} from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import { ADVICE_RECIPIENTS, DASHBOARD_RECIPIENTS } from '../content/audience';
import { adminEntityCondition } from '../content/scope';
import { audienceVisibility, publishedOnly } from '../content/visibility';
import { exchangeScope } from '../../plugins/app/file-exchange/file-exchange-repository';
import { searchWords, stillTyping, tsqueryText } from './search-query';
import { selectivity, WALK_FROM, wordStats, type WordStats } from './search-plan';
import { markedWords, queryOperands, wordLexemes } from './search-marks';
import { drawSnippet, readSnippetText, SNIPPET_TEXT_MAX, snippetWords } from './search-snippet';

// One search over everything a person may see (docs/product.md §11). Each kind is a SELECT with
// the visibility of its own list written into its WHERE, so that what the person may not see is
// never ranked, counted, suggested nor snippeted: the limit and the counts come after it.

export interface SearchRequest {
  q: string;
  kinds: SearchKind[] | null;
  scope: 'portal' | 'admin';
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
  includesUnpublished: boolean;
  /**
   * How the large kinds' newest matches are read, instead of the choice made from the words'
   * statistics (search-plan.ts): for tests, which show that both ways find the same.
   */
  way?: 'walk' | 'index';
}

/** The SQL pieces a kind's SELECT uses; each pushes its parameters into `params`. */
interface Match {
  /** The tsquery as typed (a SQL expression). */
  query: string;
  /** The condition on a row's `search` vector and title. */
  condition: (vector: string, title: string) => string;
  /** 1 for a row the query as typed finds, 0 for one found only by a correction or by title similarity. */
  direct: (vector: string) => string;
  /** True for a row the corrected query finds. */
  corrected: (vector: string) => string;
  /** The folded words (a parameter, added to the statement's on first use: prepareWords). */
  folded: () => string;
}

/**
 * One kind's query, in parts: the rows (FROM and joins), who may see them, the columns, and the
 * match. Each expression is over the aliases of `from`.
 */
interface KindQuery {
  from: string;
  /**
   * Where the kind's newest matches are read from, when `from` cannot give them in date order: a
   * FROM clause whose parts each apply `conditions` (the match and the dates, on the same aliases)
   * and keep their own newest `limit` rows, so that PostgreSQL can walk each part's date index and
   * stop; `fenced`, each part reads its matches first and sorts them (`newestRows`). Without it,
   * `from` is used.
   */
  newest?: (conditions: string, limit: number, fenced: boolean) => string;
  /**
   * The table whose word statistics choose how the kind's newest matches are read (search-plan.ts):
   * walking its date index, or from its words' index. Only for a kind read from that one table
   * (`from` is `table`) or by `newest`; a kind without it is always read from its words' index.
   */
  walked?: string;
  /**
   * `newest` applies the kind's visibility inside as well, so nothing is filtered again over its
   * rows: filtered twice, PostgreSQL expects a row or none and joins them by reading whole tables.
   */
  newestVisible?: boolean;
  /** The visibility of the kind's own list: what the person may not see is never a candidate. */
  visible: string;
  id: string;
  title: string;
  date: string;
  vector: string;
  /** The row is found (the query, or the fallback's correction and title similarity). */
  matches: string;
  /**
   * The kind's own table and its alias, without joins or parameters: where an exact title is
   * looked up and a hit's snippet text read (`id`, `title` and `body` are over this alias).
   */
  table: string;
  /** `search_fold(title)` has an index (migrations 0080, 0087): an exact title is found by it. */
  titleIndexed: boolean;
  /** The text the snippet is drawn from, read for the page's hits only; `query` is the tsquery that marks it. */
  body: (query: string) => string;
  /** The portal path that opens a hit, read for the page's hits only, by id, from `located`. */
  path: string;
  /**
   * Where a hit's path is read (`table` with the joins `path` needs): the candidates are read
   * without them, which PostgreSQL then has no join order to plan for.
   */
  located?: string;
}

/** A kind's query for a match and a request, or null when the person has nothing of that kind. */
type Branch = (match: Match, params: unknown[]) => KindQuery | null;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * A table's newest `limit` rows that `where` keeps, in `order` (its date index's). `fenced`, the
 * rows are read in a subquery PostgreSQL may not push the order into (OFFSET 0), so that it reads
 * the matches from the words' index and sorts them, and never walks the date index: the index way
 * of search-plan.ts, which a generic plan would otherwise choose by its guesses.
 */
function newestRows(table: string, where: string, order: string, limit: number, fenced: boolean) {
  return fenced
    ? `(SELECT * FROM ${fence(table, where)} ORDER BY ${order} LIMIT ${limit})`
    : `(SELECT ${aliasOf(table)}.* FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${limit})`;
}

/** The alias of a `table alias` clause. */
const aliasOf = (table: string) => table.split(' ')[1]!;

/** The rows of `table` that `where` keeps, under the table's alias, read apart from any order (newestRows). */
const fence = (table: string, where: string) => `(SELECT * FROM ${table} WHERE ${where} OFFSET 0) ${aliasOf(table)}`;

function branches(session: Session, request: SearchRequest): Partial<Record<SearchKind, Branch>> {
  const unpublished = request.includesUnpublished;
  const admin = request.scope === 'admin';
  const personName = (alias: string) => `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`;
  const exchange = session.displayAs ? null : exchangeScope(session);
  const exchangeCondition = (column: string, params: unknown[]) => {
    if (exchange === 'all') return 'TRUE';
    if (exchange === null) return 'FALSE';
    params.push(exchange);
    return `${column} = $${params.length}`;
  };
  const table: Partial<Record<SearchKind, Branch>> = {
    advice: (m, params) => ({
      from: 'advices a',
      table: 'advices a',
      visible: admin
        ? adminEntityCondition(session, 'a.entity_id', params)
        : audienceVisibility({ table: 'advices', alias: 'a', itemType: 'advice' }, ADVICE_RECIPIENTS, session, unpublished, params),
      walked: 'advices',
      id: 'a.id',
      title: 'a.title',
      date: 'a.created_at',
      vector: 'a.search',
      titleIndexed: true,
      matches: m.condition('a.search', 'a.title'),
      body: () => `coalesce(a.subtitle, '') || ' ' || search_html_text(a.description)`,
      path: admin ? `'/entity/admin/advices/details/' || a.id` : `'/advices/details/' || a.id`,
    }),
    news: (m, params) => ({
      from: 'news_items n',
      table: 'news_items n',
      visible: admin ? 'TRUE' : (publishedOnly('n', session, unpublished, params) ?? 'TRUE'),
      walked: 'news_items',
      id: 'n.id',
      title: 'n.title',
      date: 'n.created_at',
      vector: 'n.search',
      titleIndexed: true,
      matches: m.condition('n.search', 'n.title'),
      body: () => `coalesce(n.subtitle, '') || ' ' || search_html_text(n.description)`,
      path: admin ? `'/admin/news-items/details/' || n.id` : `'/news-items/details/' || n.id`,
    }),
    training: (m) => ({
      from: 'trainings t',
      table: 'trainings t',
      visible: 'TRUE',
      id: 't.id',
      title: 't.intitule',
      date: 't.date_debut',
      vector: 't.search',
      titleIndexed: true,
      matches: m.condition('t.search', 't.intitule'),
      body: () => `''`,
      path: admin ? `'/admin/trainings/details/' || t.id` : `'/trainings'`,
    }),
    dashboard: (m, params) => ({
      from: 'dashboards d',
      table: 'dashboards d',
      visible: admin
        ? adminEntityCondition(session, 'd.entity_id', params)
        : audienceVisibility(
            { table: 'dashboards', alias: 'd', itemType: 'dashboard' },
            DASHBOARD_RECIPIENTS,
            session,
            unpublished,
            params,
          ),
      id: 'd.id',
      title: 'd.title',
      date: 'd.created_at',
      vector: 'd.search',
      titleIndexed: true,
      matches: m.condition('d.search', 'd.title'),
      body: () => `coalesce(d.tag, '') || ' ' || coalesce(d.description, '')`,
      path: admin ? `'/entity/admin/dashboard/details/' || d.id` : `'/dashboards/' || d.id`,
    }),
  };
  if (!admin) {
    Object.assign(table, {
      collection: (m, params) => ({
        from: 'exchange_collections c',
        table: 'exchange_collections c',
        located: 'exchange_collections c JOIN entities e ON e.id = c.entity_id',
        visible: exchangeCondition('c.entity_id', params),
        id: 'c.id',
        title: 'c.project',
        date: 'c.updated_at',
        vector: 'c.search',
        titleIndexed: true,
        matches: m.condition('c.search', 'c.project'),
        body: () => `''`,
        path: `'/collectmaster/' || e.slug || '/' || c.id`,
      }),
      folder: (m, params) => ({
        from: 'exchange_folders f JOIN exchange_collections c ON c.id = f.collection_id',
        table: 'exchange_folders f',
        located: 'exchange_folders f JOIN exchange_collections c ON c.id = f.collection_id JOIN entities e ON e.id = c.entity_id',
        visible: exchangeCondition('c.entity_id', params),
        id: 'f.id',
        title: 'f.name',
        date: 'f.created_at',
        vector: 'f.search',
        titleIndexed: true,
        matches: m.condition('f.search', 'f.name'),
        body: () => `''`,
        path: `'/collectmaster/' || e.slug || '/' || c.id || '/' || f.id`,
      }),
      file: (m, params) => {
        // The file's own copy of its collection's company (kept by a trigger, migration 0053): the
        // (company, date) index of migration 0088 then walks one company's files newest first.
        const visible = exchangeCondition('x.entity_id', params);
        const joins = `JOIN exchange_folders f ON f.id = x.folder_id JOIN exchange_collections c ON c.id = f.collection_id
               JOIN entities e ON e.id = c.entity_id`;
        return {
          from: 'exchange_files x',
          table: 'exchange_files x',
          // The folder, collection and company only for the page's paths: with the joins in the
          // same query, PostgreSQL read every file of the company holding the word through the
          // words' index and sorted them (3.9 ms for "rapport" at the benchmark's full size) rather
          // than walk the company's files newest first and stop.
          located: `exchange_files x ${joins}`,
          newest: (conditions, limit, fenced) =>
            `${newestRows('exchange_files x', `${visible} AND ${conditions}`, 'coalesce(x.upload_at, x.updated_at) DESC, x.id DESC', limit, fenced)} x`,
          newestVisible: true,
          walked: 'exchange_files',
          visible,
          id: 'x.id',
          title: 'x.name_original',
          date: 'coalesce(x.upload_at, x.updated_at)',
          vector: 'x.search',
          titleIndexed: true,
          matches: m.condition('x.search', 'x.name_original'),
          body: () => `coalesce(x.comment, '')`,
          path: `'/collectmaster/' || e.slug || '/' || c.id || '/' || f.id`,
        };
      },
      message: (m, params) => {
        params.push(session.user.id);
        const me = `$${params.length}`;
        // The person's own discussions only, as GET /api/discussions lists them. Every message goes
        // from one party of its discussion to the other, so these are the messages sent by them or
        // to them: said too in `visible`, which holds wherever `from` is read.
        const joins = 'JOIN discussions dis ON dis.id = msg.discussion_id LEFT JOIN users author ON author.id = msg.from_user_id';
        // Their newest matches: those sent to them and those sent by them, each newest first and
        // cut at the limit. An OR of the two cannot be walked in date order, and for a prefix held
        // by 30 % of a million messages PostgreSQL read every message (340 ms); each part alone
        // walks the (person, date) index of migration 0089 for a common word (14 ms), or uses the
        // (person, words) index for a rare one.
        const part = (person: string, conditions: string, limit: number, fenced: boolean) =>
          newestRows('messages msg', `${person} AND ${conditions}`, 'msg.created_at DESC, msg.id DESC', limit, fenced);
        return {
          from: `messages msg ${joins}`,
          table: 'messages msg',
          located: 'messages msg JOIN discussions dis ON dis.id = msg.discussion_id',
          newest: (conditions, limit, fenced) =>
            `(${part(`msg.to_user_id = ${me}`, conditions, limit, fenced)} UNION ALL
              ${part(`msg.from_user_id = ${me} AND msg.to_user_id IS DISTINCT FROM ${me}`, conditions, limit, fenced)}) msg ${joins}`,
          walked: 'messages',
          visible: `(dis.customer_id = ${me} OR dis.consultant_id = ${me}) AND (msg.to_user_id = ${me} OR msg.from_user_id = ${me})`,
          id: 'msg.id',
          title: personName('author'),
          date: 'msg.created_at',
          vector: 'msg.search',
          titleIndexed: false,
          matches: m.condition('msg.search', "''"),
          body: () => 'msg.message',
          path: `CASE WHEN dis.status = 'closed' THEN '/contact-close' ELSE '/contact' END`,
        };
      },
      ticket: (m, params) => {
        if (session.entityId === null) return null;
        params.push(session.entityId);
        const conditions = [`tk.entity_id = $${params.length}`];
        if (!isContributor(session.rights)) {
          params.push(session.user.id);
          conditions.push(`tk.author_id = $${params.length}`);
        }
        // A ticket is found by its own words or by a reply's (the latest matching one gives the
        // snippet): one hit per ticket, ranked on both.
        return {
          table: 'tickets tk',
          from: `tickets tk
           LEFT JOIN LATERAL (
             SELECT tm.message, tm.search FROM ticket_messages tm
             WHERE tm.ticket_id = tk.id AND ${m.condition('tm.search', "''")}
             ORDER BY tm.created_at DESC, tm.id DESC LIMIT 1
           ) reply ON TRUE`,
          visible: conditions.join(' AND '),
          id: 'tk.id',
          title: 'tk.title',
          date: 'tk.created_at',
          vector: `(tk.search || coalesce(reply.search, ''::tsvector))`,
          titleIndexed: true,
          matches: `(${m.condition('tk.search', 'tk.title')} OR reply.search IS NOT NULL)`,
          // The latest reply the words find, else the ticket's description.
          body: (query) =>
            `coalesce((SELECT tm.message FROM ticket_messages tm WHERE tm.ticket_id = tk.id AND tm.search @@ ${query}
                        ORDER BY tm.created_at DESC, tm.id DESC LIMIT 1), tk.description, '')`,
          path: `'/tickets'`,
        };
      },
    } satisfies Partial<Record<SearchKind, Branch>>);
  } else {
    const administrator = isAdministrator(session.rights);
    table.user = (m, params) => {
      let visible = 'TRUE';
      if (!administrator) {
        if (session.entityId === null) return null;
        params.push(session.entityId);
        visible = `u.entity_id = $${params.length}`;
      }
      return {
        from: 'users u',
        table: 'users u',
        visible,
        id: 'u.id',
        title: personName('u'),
        date: 'u.created_at',
        vector: 'u.search',
        titleIndexed: false,
        matches: m.condition('u.search', `u.first_name || ' ' || u.last_name || ' ' || u.email`),
        body: () => 'u.email',
        path: administrator ? `'/admin/users/details/' || u.id` : `'/entity/admin/users'`,
      };
    };
    if (administrator) {
      table.company = (m) => ({
        from: 'entities e',
        table: 'entities e',
        visible: 'TRUE',
        id: 'e.id',
        title: 'e.name',
        date: 'NULL::timestamptz',
        vector: 'e.search',
        titleIndexed: true,
        matches: m.condition('e.search', 'e.name'),
        body: () => `''`,
        path: `'/admin/entities/details/' || e.id`,
      });
      table.group = (m) => ({
        from: 'groups g',
        table: 'groups g',
        visible: 'TRUE',
        id: 'g.id',
        title: 'g.name',
        date: 'NULL::timestamptz',
        vector: 'g.search',
        titleIndexed: true,
        matches: m.condition('g.search', 'g.name'),
        body: () => `''`,
        path: `'/admin/groups/details/' || g.id`,
      });
    }
  }
  return table;
}

/** The kinds this request searches: those asked (all by default) that its scope has. */
export function searchedKinds(session: Session, request: SearchRequest): SearchKind[] {
  const available = branches(session, request);
  return (request.kinds ?? [...SEARCH_KINDS]).filter(
    (kind) => kind in available && (request.scope === 'admin' || !SEARCH_ADMIN_KINDS.includes(kind)),
  );
}

interface HitRow {
  kind: SearchKind;
  id: number;
  title: string;
  date: Date | string | null;
}

/**
 * Corrections of the words as typed: each word that no item holds is replaced by the indexed word
 * closest to it by trigram similarity. The word list says nothing by itself: a correction is only
 * offered when the corrected query finds something the person may see (`search()` below).
 */
async function correctedWords(db: Queryable, words: string[], typing: boolean): Promise<string[]> {
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

/** A round's answer: its hits without their snippets and paths yet (withSnippets). */
type Unquoted = Omit<SearchResult, 'items'> & { items: Array<Omit<SearchHit, 'snippet' | 'path'>> };

const withoutCount = ({ correctedHits: _, ...result }: Unquoted & { correctedHits: number }): Unquoted => result;

const emptyResult = (request: SearchRequest): SearchResult => ({
  items: [],
  total: 0,
  total_capped: false,
  counts: [],
  page: request.page,
  page_size: request.pageSize,
  suggestion: null,
  corrected: false,
});

/** GET /api/search: the hits of the page, the counts per kind (capped), and a suggestion. */
export async function search(db: Queryable, session: Session, request: SearchRequest): Promise<SearchResult> {
  const words = searchWords(request.q);
  const kinds = searchedKinds(session, request);
  if (words.length === 0 || kinds.length === 0) return emptyResult(request);
  const typing = stillTyping(request.q);
  const typed = tsqueryText(words, typing);
  const { result, query, corrected } = await rounds(db, session, request, kinds, words, typing, typed);
  return withSnippets(db, session, request, result, query, corrected);
}

/**
 * The round whose hits are kept: the words as typed (`query`, their tsquery), or under five hits
 * the corrected words (then `corrected` is their tsquery, which the snippets mark too).
 */
async function rounds(
  db: Queryable,
  session: Session,
  request: SearchRequest,
  kinds: SearchKind[],
  words: string[],
  typing: boolean,
  typed: string,
): Promise<{ result: Unquoted; query: string; corrected: string | null }> {
  const [prepared, stats] = await Promise.all([prepareWords(db, session, request, kinds, words, typed), wordStats(db)]);
  const { query } = prepared;
  const first = await run(db, session, request, kinds, prepared, stats, query, null);
  const direct = first.total;
  if (direct >= SEARCH_FALLBACK_UNDER) return { result: withoutCount(first), query, corrected: null };
  const corrections = await correctedWords(db, words, typing);
  const changed = corrections.some((word, index) => word !== words[index]);
  // Every word is as indexed: the fallback would be the same statements again.
  if (!changed) return { result: withoutCount(first), query, corrected: null };
  const corrected = await tsqueryOf(db, tsqueryText(corrections, typing));
  // The corrected words first, then, still under five hits, the titles similar to what was typed
  // too. Comparing every title a kind's walk reads with what was typed (pg_trgm makes both sides'
  // trigrams again for each row) was half of a typo's cost, for titles the corrected words
  // mostly find anyway ("reconciliation" for `reconcilaition`).
  // Where the words as typed find nothing, the corrected words stand for them: what is found is
  // ranked by them (by the words as typed, every rank was 0), and each row is tested once.
  const asTyped = direct === 0 ? corrected : query;
  let fallback =
    direct === 0
      ? await run(db, session, request, kinds, prepared, stats, corrected, null).then((found) => ({ ...found, correctedHits: found.total }))
      : await run(db, session, request, kinds, prepared, stats, query, corrected, false);
  if (fallback.total < SEARCH_FALLBACK_UNDER) fallback = await run(db, session, request, kinds, prepared, stats, asTyped, corrected, true);
  const { correctedHits, ...second } = fallback;
  // Only a correction that finds something the person may see is offered.
  const suggestion = correctedHits > 0 ? corrections.join(' ') : null;
  return { result: { ...second, suggestion, corrected: direct === 0 && second.total > 0 }, query, corrected };
}

/** The tsquery of a to_tsquery text: its words in English or in French (SEARCH_TSQUERY, as text). */
async function tsqueryOf(db: Queryable, text: string): Promise<string> {
  const { rows } = await db.query<{ query: string }>(`SELECT ${SEARCH_TSQUERY('$1')}::text AS query`, [text], { prepare: true });
  return rows[0]?.query ?? '';
}

/**
 * The match of a round: the tsquery of the words as typed ($1), in the fallback that of the
 * corrected words ($2) and, `similar`, the titles similar to what was typed (folded, `folded`).
 * Each comes made (prepareWords): written as to_tsquery calls, they were made again wherever they
 * appeared, while the statement was planned (four per kind).
 */
function matchFor(fallback: boolean, similar: boolean, folded: () => string, walking = false): Match {
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

/** Each searched kind's query parts that need no parameter (its table, title, body), by kind. */
function kindTables(session: Session, request: SearchRequest, kinds: SearchKind[]): Array<{ kind: SearchKind; query: KindQuery }> {
  const all = branches(session, request);
  const match = matchFor(false, false, () => {
    throw new Error('kindTables: no parameter');
  });
  return kinds.flatMap((kind) => {
    // The parameters a branch adds (its visibility) are not used here.
    const query = all[kind]?.(match, []);
    return query ? [{ kind, query }] : [];
  });
}

/**
 * A search's words as typed, made once for its statements: their tsquery (as text), folded
 * (`search_fold`), and the kinds with an item titled so.
 */
interface PreparedWords {
  query: string;
  folded: string;
  kinds: ReadonlySet<SearchKind>;
}

/** The tsquery of a to_tsquery text: either language's forms (an item carries no language). */
const SEARCH_TSQUERY = (text: string) => `(to_tsquery('search_english', ${text}) || to_tsquery('search_french', ${text}))`;

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
async function prepareWords(
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
async function withSnippets(
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
  // A value of each hit's own row, read by its id from `from` (the kind's table, or its joins).
  const perHit = (value: (kindQuery: KindQuery) => string, from: (kindQuery: KindQuery) => string) =>
    `CASE h.kind ${tables
      .map(
        ({ kind, query: kindQuery }) =>
          `WHEN '${kind}' THEN (SELECT ${value(kindQuery)} FROM ${from(kindQuery)} WHERE ${kindQuery.id} = h.id)`,
      )
      .join(' ')} END`;
  const bodySql = perHit(
    (kindQuery) => kindQuery.body(query),
    (kindQuery) => kindQuery.table,
  );
  const pathSql = perHit(
    (kindQuery) => kindQuery.path,
    (kindQuery) => kindQuery.located ?? kindQuery.table,
  );
  // The words of either round are marked (a typo's hits are found by the corrected words).
  const marking = [tsquery, corrected]
    .filter((each): each is string => Boolean(each?.trim()))
    .map((each) => `(${each})`)
    .join(' | ');
  const { rows } = await db.query<{ text: string | null; path: string | null }>(
    `SELECT left(CASE WHEN btrim(coalesce(b.body, '')) = '' THEN h.title ELSE b.body END, ${SNIPPET_TEXT_MAX}) AS text, ${pathSql} AS path
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
  return {
    ...result,
    items: result.items.map((item, index) => ({ ...item, path: rows[index]?.path ?? '/', snippet: drawSnippet(texts[index]!, marked) })),
  };
}

async function run(
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
  const items = hits.map((row) => ({ kind: row.kind, id: row.id, title: row.title, date: iso(row.date) }));
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
