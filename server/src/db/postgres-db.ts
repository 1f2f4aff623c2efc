import pg from 'pg';
import type { Db, Queryable, QueryResult } from './db';

export interface PostgresOptions {
  connectionString: string;
  /** Work inside this schema (created when missing): the tests' fresh schema per run. */
  schema?: string | null;
  max?: number;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query(sql, params as unknown[]);
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
    options: schema ? `-c search_path=${schema}` : undefined,
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
