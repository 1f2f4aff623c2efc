import type { Queryable } from '../../db/db';

// How a kind's newest matches are read (search.ts, `run`). Two ways, and which is faster depends on
// the words:
// - "walk": the kind's (date, id) index newest first, each row tested, until enough matches. For a
//   word held by a third of the rows, 300 rows give a hundred matches, whatever the table's size.
// - "index": every match, from the words' GIN index, then sorted. For a rare word (a typo) that is
//   a few rows, where a walk would read the whole table.
// PostgreSQL's planner makes this choice from the table's word statistics when it plans for the
// values, but planning the search's statement on every call was a third of PostgreSQL's time. So
// the server makes that choice, from the same statistics (`pg_stats.most_common_elems`, read every
// few minutes), and writes only the way taken in the statement: one text per choice of ways, each
// with one generic plan kept by every connection. (One plan holding both ways, a parameter picking
// one, cost every call the start-up and end of the way not taken.)

/** A table's word statistics: the share of its rows holding each common lexeme. */
export interface WordStats {
  freqs: ReadonlyMap<string, number>;
  /** The share of the rarest common lexeme: a lexeme not among them is rarer. */
  minFreq: number;
}

/** PostgreSQL's own guess for a tsquery it has no statistics for (DEFAULT_TS_MATCH_SEL). */
const DEFAULT_SELECTIVITY = 0.005;

/**
 * From this share of the rows holding the words, a kind walks its date index. A hundred matches
 * then cost at most 2,000 rows read, about what the index way costs for a word held by one row in
 * twenty of a 100,000-row table (bench/search.ts).
 */
export const WALK_FROM = 0.05;

export type TsqueryNode =
  { lexeme: string; prefix: boolean } | { not: TsqueryNode } | { op: '&' | '|' | '<->'; left: TsqueryNode; right: TsqueryNode };

/**
 * Parses a tsquery's text as PostgreSQL writes it (`'rapport' & 'mensuel':*`, `!'a' <-> 'b'`,
 * parentheses), with its precedence: `!`, then `<->` (and `<N>`), then `&`, then `|`. Returns null
 * for a text it cannot read.
 */
export function parseTsquery(text: string): TsqueryNode | null {
  let at = 0;
  const skip = () => {
    while (text[at] === ' ') at += 1;
  };
  const operand = (): TsqueryNode | null => {
    skip();
    if (text[at] === '!') {
      at += 1;
      const inner = operand();
      return inner && { not: inner };
    }
    if (text[at] === '(') {
      at += 1;
      const inner = or();
      skip();
      if (!inner || text[at] !== ')') return null;
      at += 1;
      return inner;
    }
    if (text[at] !== "'") return null;
    let lexeme = '';
    at += 1;
    for (;;) {
      if (at >= text.length) return null;
      const char = text[at]!;
      if (char === '\\') {
        lexeme += text[at + 1] ?? '';
        at += 2;
      } else if (char === "'" && text[at + 1] === "'") {
        lexeme += "'";
        at += 2;
      } else if (char === "'") {
        at += 1;
        break;
      } else {
        lexeme += char;
        at += 1;
      }
    }
    let prefix = false;
    if (text[at] === ':') {
      const flags = /^:([*A-Da-d]*)/.exec(text.slice(at))![1]!;
      prefix = flags.includes('*');
      at += 1 + flags.length;
    }
    return { lexeme, prefix };
  };
  const binary = (next: () => TsqueryNode | null, operator: RegExp, op: '&' | '|' | '<->') => {
    let left = next();
    for (;;) {
      skip();
      const found = operator.exec(text.slice(at));
      if (!left || !found) return left;
      at += found[0].length;
      const right = next();
      if (!right) return null;
      left = { op, left, right };
    }
  };
  const phrase = () => binary(operand, /^<(-|\d+)>/, '<->');
  const and = () => binary(phrase, /^&/, '&');
  const or = (): TsqueryNode | null => binary(and, /^\|/, '|');
  const tree = or();
  skip();
  return at === text.length ? tree : null;
}

/**
 * The share of a table's rows a tsquery finds, estimated as PostgreSQL's planner does
 * (tsquery_opr_selec): a common lexeme's own share, a rarer one's half the rarest share, a prefix
 * the sum of the common lexemes it begins; words taken as independent. Null without statistics.
 */
export function selectivity(tsquery: string, stats: WordStats | undefined): number | null {
  if (!stats || !tsquery.trim()) return null;
  const tree = parseTsquery(tsquery);
  if (!tree) return null;
  const rare = Math.min(DEFAULT_SELECTIVITY, stats.minFreq / 2);
  const of = (node: TsqueryNode): number => {
    if ('lexeme' in node) {
      if (!node.prefix) return stats.freqs.get(node.lexeme) ?? rare;
      let sum = 0;
      for (const [lexeme, freq] of stats.freqs) if (lexeme.startsWith(node.lexeme)) sum += freq;
      return Math.min(1, Math.max(sum, rare));
    }
    if ('not' in node) return 1 - of(node.not);
    const [left, right] = [of(node.left), of(node.right)];
    return node.op === '|' ? left + right - left * right : left * right;
  };
  return of(tree);
}

/** How long the statistics are kept before they are read again (autovacuum's analyze changes them). */
export const WORD_STATS_MAX_AGE_MS = 5 * 60_000;

interface Kept {
  at: number;
  tables: Map<string, WordStats>;
}

const kept = new WeakMap<Queryable, Kept>();
const loading = new WeakMap<Queryable, Promise<Map<string, WordStats>>>();

/**
 * The word statistics of every table's `search` column in the database's schema, by table, read
 * from pg_stats and kept a few minutes per handle. A table without statistics yet (never analyzed,
 * as on the embedded database until a migration analyzes it) is missing: its kinds use the index way.
 */
export async function wordStats(db: Queryable, now = Date.now()): Promise<Map<string, WordStats>> {
  const entry = kept.get(db);
  if (entry && now - entry.at < WORD_STATS_MAX_AGE_MS) return entry.tables;
  const running = loading.get(db);
  if (running) return running;
  const load = (async () => {
    try {
      const { rows } = await db.query<{ table: string; lexemes: string[] | null; freqs: number[] | null }>(
        `SELECT tablename AS table, most_common_elems::text::text[] AS lexemes, most_common_elem_freqs AS freqs
           FROM pg_stats WHERE schemaname = current_schema() AND attname = 'search'`,
        [],
        { prepare: true },
      );
      const read = new Map<string, WordStats>();
      for (const row of rows) {
        if (!row.lexemes || !row.freqs) continue;
        // most_common_elem_freqs: one share per lexeme, then the least and the greatest of them,
        // then the share of rows without any (pg_stats).
        const freqs = new Map(row.lexemes.map((lexeme, index) => [lexeme, Number(row.freqs![index])]));
        read.set(row.table, { freqs, minFreq: Number(row.freqs[row.lexemes.length] ?? DEFAULT_SELECTIVITY) });
      }
      kept.set(db, { at: Date.now(), tables: read });
      return read;
    } finally {
      loading.delete(db);
    }
  })();
  loading.set(db, load);
  return load;
}
