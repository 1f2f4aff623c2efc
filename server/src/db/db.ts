/**
 * The one database interface of the server. Two implementations run the same SQL and the same
 * migrations: embedded PGlite (the default set-up) and a real PostgreSQL through `pg`.
 */
export interface QueryResult<T> {
  rows: T[];
}

export interface QueryOptions {
  /**
   * For a hot statement whose text is always the same (values in `params`, never in the text):
   * PostgreSQL prepares it once per connection with one generic plan, no longer planned on every
   * call, which is most of a short query's cost (bench/advices.ts). Only for statements whose best
   * plan does not depend on the values. PGlite prepares it too, once per database, and leaves the
   * choice of plan to PostgreSQL's plan cache (pglite-prepared.mjs).
   */
  prepare?: boolean;
  /**
   * For a statement whose best plan reads each `ORDER BY … LIMIT` in an index's order wherever an
   * index has it, whatever the planner guesses of the rows: the search's, whose newest matches are
   * walked down a date index (search-plan.ts). It keeps one generic plan, whose guesses are
   * averages (a customer's company taken for 490 advices holds 5,800), and which sorted every row
   * where a walk reads a few hundred. On PostgreSQL it runs on connections of its own, set to plan
   * with sorting as a last resort (`enable_sort = off`) and without JIT compilation (which the
   * penalty's costs would set off); in a caller's transaction, these settings are scoped to the
   * statement. PGlite ignores it: its plan cache plans the statement for its values, and on the
   * embedded database's demo-sized data, either way is fast.
   */
  indexOrder?: boolean;
}

export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** What the database handle is doing now: read by the metrics at each scrape. */
export type DbStats =
  | {
      kind: 'postgres';
      /** Connections of the pool: open, idle, and calls waiting for one; the pool's size. */
      total: number;
      idle: number;
      waiting: number;
      max: number;
      /** The same for the connections of the statements read in index order (QueryOptions.indexOrder). */
      ordered: { total: number; idle: number; waiting: number; max: number };
      /** Calls that found no idle connection and the pool full, so waited (since start). */
      waits: number;
      /** Calls refused because no connection became free in time (DATABASE_BUSY, since start). */
      busy: number;
    }
  | {
      kind: 'pglite';
      /** Statements and transactions started and not finished: PGlite runs one at a time, the rest queue. */
      queued: number;
    };

/** The LISTEN connections of a handle: how many channels are listened to, and how many of them are connected now. */
export interface ListenState {
  channels: number;
  connected: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Pool use and waits, or PGlite's queue (metrics). Optional: a handle built by a test may lack it. */
  stats?(): DbStats;
  /** The state of this handle's LISTEN connections (the readiness check). Optional as `stats`. */
  listenState?(): ListenState;
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel`: `onPayload` hears every NOTIFY on it, from any process on the same
   * database (PostgreSQL: one dedicated connection per listener). Resolves to the unlisten function.
   * `onState` (optional) hears when the connection is lost (false: notifications sent meanwhile are
   * not heard) and when it is back (true); PGlite's never is.
   */
  listen(channel: string, onPayload: (payload: string) => void, onState?: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Whether the database answers: one round trip that reads nothing (the health checks). */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
