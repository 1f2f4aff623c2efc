import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, QueryOptions, Queryable, QueryResult } from './db';
import { DatabaseBusyError, isDatabaseUnavailable } from './db-errors';

export interface PostgresOptions {
  connectionString: string;
  /** Work inside this schema (created when missing): the tests' fresh schema per run. */
  schema?: string | null;
  max?: number;
  /**
   * How many statements read in index order (QueryOptions.indexOrder: the search's) PostgreSQL runs
   * at once, on connections of their own: about its cores (DATABASE_SEARCH_CONNECTIONS).
   */
  searchConnections?: number;
  /** How long a call waits for a connection (a new one, or a free one of the pool) before it fails: 503, not a hang. */
  connectTimeoutMs?: number;
}

/** The connections of the statements read in index order, unless said (PostgresOptions.searchConnections). */
export const SEARCH_CONNECTIONS = 2;

/** Waits between two attempts to bring a lost LISTEN connection back: 0.25 s doubling up to 2 s. */
export const LISTEN_RETRY_MIN_MS = 250;
export const LISTEN_RETRY_MAX_MS = 2000;

/** pg prepares a named statement once per connection; one name per text, so two texts never share one. */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `hub_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Runs `fn` on `client` between `begin` and COMMIT (ROLLBACK when it throws), then gives the client
 * back to the pool; a client whose ROLLBACK failed (its connection broke) leaves the pool instead.
 */
async function inTransaction<T>(client: pg.PoolClient, begin: string, fn: () => Promise<T>): Promise<T> {
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * A handle's queries on `client`. On the pool, a statement read in index order
 * (QueryOptions.indexOrder) runs on `ordered`, whose connections are set so: one round trip, where
 * setting it for one statement took three (a transaction of its own, BEGIN and SET, the statement,
 * COMMIT), and the server's CPU went to its socket writes.
 */
function wrap(client: pg.Pool | pg.PoolClient, ordered: pg.Pool | null = null): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<T>> {
      const values = params as unknown[];
      if (options?.indexOrder) {
        const statement: pg.QueryConfig = options.prepare ? { name: statementName(sql), text: sql, values } : { text: sql, values };
        if (client instanceof pg.Pool) return { rows: (await (ordered ?? client).query(statement)).rows as T[] };
        // In a caller's transaction the settings are put back after the statement (a statement
        // that fails aborts the transaction, and its settings go with it).
        await client.query(`SET LOCAL enable_sort = off; SET LOCAL jit = off`);
        const { rows } = await client.query(statement);
        await client.query(`SET LOCAL enable_sort TO DEFAULT; SET LOCAL jit TO DEFAULT`);
        return { rows: rows as T[] };
      }
      const result = options?.prepare
        ? await client.query({ name: statementName(sql), text: sql, values })
        : await client.query(sql, values);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** What pg-pool says when a call waited connectTimeoutMs in its queue and no connection became free. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';
/**
 * A pool-wait timeout counts as "busy" only when no connection to PostgreSQL failed within this
 * long: during an outage the pool also fills (with connections that never open) and its queue
 * times out the same way, but the failed connections (the pool's, the LISTEN retries' every 2 s
 * at most) say it is an outage.
 */
export const OUTAGE_MEMORY_MS = 10_000;

export async function openPostgres({
  connectionString,
  schema,
  max = 10,
  searchConnections = SEARCH_CONNECTIONS,
  connectTimeoutMs = 2000,
}: PostgresOptions): Promise<Db> {
  if (schema && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString,
    max,
    // While PostgreSQL is away a call fails fast (refused at once, or after this wait) instead of hanging.
    connectionTimeoutMillis: connectTimeoutMs,
    // Prepared statements (QueryOptions.prepare) keep their one generic plan: left to its own
    // judgement PostgreSQL plans a statement with a LIMIT parameter again on every call.
    options: [schema ? `-c search_path=${schema}` : '', '-c plan_cache_mode=force_generic_plan'].join(' ').trim(),
  });
  // The statements read in index order (QueryOptions.indexOrder, wrap() above) have connections
  // of their own, set so, and as many as PostgreSQL has cores: these are the long statements (a
  // search, a few milliseconds of CPU each), and more of them at once only share the cores out and
  // switch between them. On two cores, two at a time answered every search of bench/search.ts
  // faster than five (docs/journal/2026-11-29-search-every-query-at-goal.md); the others wait their turn here.
  const orderedMax = searchConnections;
  const ordered = new pg.Pool({
    connectionString,
    max: orderedMax,
    connectionTimeoutMillis: connectTimeoutMs,
    options: [schema ? `-c search_path=${schema}` : '', '-c plan_cache_mode=force_generic_plan -c enable_sort=off -c jit=off']
      .join(' ')
      .trim(),
  });
  // Pool figures for the metrics (DbStats), and what tells a busy pool from an outage.
  let waits = 0;
  let busy = 0;
  let lastConnectionFailure = -Infinity;
  /** Before a call takes a connection: no idle one and the pool full means it waits in the queue. */
  const noteWait = (inOrder = false) => {
    const [used, size] = inOrder ? [ordered, orderedMax] : [pool, max];
    if (used.idleCount === 0 && used.totalCount >= size) waits += 1;
  };
  /** The error a call failed with, as the rest of the server should see it: a busy pool becomes DatabaseBusyError. */
  const classify = (error: unknown): unknown => {
    const message = (error as { message?: unknown } | null)?.message;
    if (message === POOL_WAIT_TIMEOUT && Date.now() - lastConnectionFailure > OUTAGE_MEMORY_MS) {
      busy += 1;
      return new DatabaseBusyError({ cause: error });
    }
    if (message !== POOL_WAIT_TIMEOUT && isDatabaseUnavailable(error)) lastConnectionFailure = Date.now();
    return error;
  };
  /** Each LISTEN of this handle (listen() below): whether its connection is up now. */
  const listeners = new Set<{ connected: boolean }>();

  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  ordered.on('error', () => {});
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const pooled = wrap(pool, ordered);
  const base: Queryable = {
    async query(sql, params, options) {
      noteWait(options?.indexOrder);
      try {
        return await pooled.query(sql, params, options);
      } catch (error) {
        throw classify(error);
      }
    },
    async exec(sql) {
      noteWait();
      try {
        await pooled.exec(sql);
      } catch (error) {
        throw classify(error);
      }
    },
  };
  return {
    kind: 'postgres',
    ...base,
    stats: () => ({
      kind: 'postgres',
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
      ordered: { total: ordered.totalCount, idle: ordered.idleCount, waiting: ordered.waitingCount, max: orderedMax },
      waits,
      busy,
    }),
    listenState: () => ({ channels: listeners.size, connected: [...listeners].filter((listener) => listener.connected).length }),
    async transaction(fn) {
      noteWait();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw classify(error);
      }
      return inTransaction(client, 'BEGIN', () => fn(wrap(client)));
    },
    async listen(channel, onPayload, onState) {
      if (!SCHEMA_NAME.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
      // LISTEN holds its connection for good: a client of its own, outside the pool. When it is lost
      // (PostgreSQL stopped or restarted) it comes back by itself, retrying with a growing wait.
      let client: pg.Client | null = null;
      const state = { connected: false };
      listeners.add(state);
      let stopped = false;
      let retryTimer: NodeJS.Timeout | null = null;
      let delay = LISTEN_RETRY_MIN_MS;
      let retried = false;
      const scheduleRetry = () => {
        if (stopped || retryTimer) return;
        retried = true;
        retryTimer = setTimeout(() => {
          retryTimer = null;
          void connect().catch(() => scheduleRetry());
        }, delay);
        retryTimer.unref();
        delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
      };
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
        let lost = false;
        const onLost = () => {
          if (lost) return;
          lost = true;
          if (client === next) {
            client = null;
            state.connected = false;
            if (!stopped) onState?.(false);
          }
          void next.end().catch(() => {});
          scheduleRetry();
        };
        next.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        next.on('error', onLost);
        next.on('end', onLost);
        try {
          await next.connect();
          await next.query(`LISTEN ${channel}`);
        } catch (error) {
          lost = true;
          classify(error);
          void next.end().catch(() => {});
          throw error;
        }
        if (stopped) {
          await next.end().catch(() => {});
          return;
        }
        client = next;
        state.connected = true;
        delay = LISTEN_RETRY_MIN_MS;
        // Only after a loss (the first connection is listen()'s own promise).
        if (retried) onState?.(true);
      };
      try {
        await connect();
      } catch (error) {
        listeners.delete(state);
        throw error;
      }
      return async () => {
        stopped = true;
        listeners.delete(state);
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = null;
        const current = client;
        client = null;
        await current?.end().catch(() => {});
      };
    },
    close: async () => {
      await Promise.all([pool.end(), ordered.end()]);
    },
  };
}
