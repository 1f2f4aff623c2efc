import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, QueryOptions, Queryable, QueryResult } from './db';

export interface PostgresOptions {
  connectionString: string;
  /** Work inside this schema (created when missing): the tests' fresh schema per run. */
  schema?: string | null;
  max?: number;
}

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

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<T>> {
      const values = params as unknown[];
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

export async function openPostgres({ connectionString, schema, max = 10 }: PostgresOptions): Promise<Db> {
  if (schema && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString,
    max,
    // Prepared statements (QueryOptions.prepare) keep their one generic plan: left to its own
    // judgement PostgreSQL plans a statement with a LIMIT parameter again on every call.
    options: [schema ? `-c search_path=${schema}` : '', '-c plan_cache_mode=force_generic_plan'].join(' ').trim(),
  });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const base = wrap(pool);
  return {
    kind: 'postgres',
    ...base,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      if (!SCHEMA_NAME.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
      // LISTEN holds its connection for good: a client of its own, outside the pool, reconnected when lost.
      let client: pg.Client | null = null;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString });
        next.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        next.on('error', () => {
          if (client === next) client = null;
          void next.end().catch(() => {});
          if (!stopped) setTimeout(() => void connect().catch(() => {}), 1000).unref();
        });
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        client = next;
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => {});
        client = null;
      };
    },
    close: () => pool.end(),
  };
}
