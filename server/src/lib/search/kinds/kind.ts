import type { Session } from '../../auth/session';

// What a searched kind is made of (one module per kind, beside this file): its rows, who may see
// them (the rule of the kind's own list, imported from where that kind lives), its columns, and the
// portal path that opens a hit (@hub/shared's portal paths). search.ts runs them together.

/** What a kind's SELECT depends on besides the words: who searches, and where. */
export interface KindContext {
  session: Session;
  /** The consoles' search (`scope=admin`), where a hit opens in its console. */
  admin: boolean;
  /** The unpublished content is asked for (included where the person may see it). */
  unpublished: boolean;
}

/** The SQL pieces a kind's SELECT uses; each pushes its parameters into `params`. */
export interface Match {
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
export interface KindQuery {
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
  /**
   * What a hit's path needs besides its id (a SQL array of values, `json_build_array(…)`), read for
   * the page's hits only, by id, from `located`; none when the id is enough.
   */
  place?: string;
  /**
   * Where `place` is read (`table` with the joins it needs): the candidates are read without them,
   * which PostgreSQL then has no join order to plan for.
   */
  located?: string;
  /** The portal path that opens a hit (@hub/shared's portal paths), from its id and its `place`. */
  path: (id: number, place: readonly unknown[]) => string;
}

/** A kind's query for a match, or null when the person has nothing of that kind. */
export type Branch = (match: Match, params: unknown[]) => KindQuery | null;

/** A searched kind: its query for a search, or undefined where the search has no such kind (its scope, the role). */
export type SearchKindModule = (context: KindContext) => Branch | undefined;

/**
 * A table's newest `limit` rows that `where` keeps, in `order` (its date index's). `fenced`, the
 * rows are read in a subquery PostgreSQL may not push the order into (OFFSET 0), so that it reads
 * the matches from the words' index and sorts them, and never walks the date index: the index way
 * of search-plan.ts, which a generic plan would otherwise choose by its guesses.
 */
export function newestRows(table: string, where: string, order: string, limit: number, fenced: boolean) {
  return fenced
    ? `(SELECT * FROM ${fence(table, where)} ORDER BY ${order} LIMIT ${limit})`
    : `(SELECT ${aliasOf(table)}.* FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${limit})`;
}

/** The alias of a `table alias` clause. */
const aliasOf = (table: string) => table.split(' ')[1]!;

/** The rows of `table` that `where` keeps, under the table's alias, read apart from any order (newestRows). */
export const fence = (table: string, where: string) => `(SELECT * FROM ${table} WHERE ${where} OFFSET 0) ${aliasOf(table)}`;

/** A person's name as the lists show it: first and last name, else the email. */
export const personName = (alias: string) => `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`;
