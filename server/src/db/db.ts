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
   * Planned for its values on every call, never with the generic plan the server's connections
   * otherwise keep (postgres-db.ts): for a statement whose best plan depends on them, such as a
   * search, where a word held by a third of the rows and one held by ten want different plans
   * (bench/search.ts: 89 ms generic, 42 ms custom). On PostgreSQL it runs on connections of its
   * own, set to plan so (postgres-db.ts); in a caller's transaction, the setting is scoped to the
   * statement. With `prepare` as well, the statement is still parsed once per connection: only its
   * plan is made anew. PGlite ignores it: on the
   * embedded database's demo-sized data, planning the search's page was 17–19 of its 20 ms, and
   * its plan cache's choice (the generic plan once no costlier) answers in 2–3 ms.
   */
  customPlan?: boolean;
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
      /** The same for the connections of the statements planned for their values (QueryOptions.customPlan). */
      planned: { total: number; idle: number; waiting: number; max: number };
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
