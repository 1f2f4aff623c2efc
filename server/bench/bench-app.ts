// What the API benchmarks share: the app's settings and its database for one run.
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/db';
import { openPgliteIsolated } from '../src/db/pglite-isolated';
import { openPostgres } from '../src/db/postgres-db';
import { loadConfig } from '../src/plugins/external/config';

/** Where a benchmark's app keeps its data: PostgreSQL in a schema of its own when `url` is set, else PGlite. */
export interface BenchDatabase {
  url: string | null;
  schema: string;
}

/**
 * The app's settings for a benchmark: a throwaway data folder `work`, the demo data, no sign-in
 * pages or front end, and a rate limit that the load never reaches.
 */
export async function benchConfig(work: string, database: BenchDatabase) {
  return {
    ...(await loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: work,
      STATIC_DIR: join(work, 'no-static'),
      EMBEDDED_IDP: 'false',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      // No metrics listener on the machine's 9464, which a portal or the tests may hold.
      METRICS_PORT: '0',
    })),
    databaseUrl: database.url,
    databaseSchema: database.url ? database.schema : null,
  };
}

/**
 * The benchmark's database, as `benchConfig` names it (PGlite on disk in `work`, in its own thread as
 * the server runs it). On PostgreSQL, DATABASE_SEARCH_CONNECTIONS is read as the server reads it.
 */
export async function openBenchDb(work: string, database: BenchDatabase): Promise<Db> {
  if (!database.url) return openPgliteIsolated({ dataDir: join(work, 'pglite') });
  const { databaseSearchConnections } = await loadConfig({
    DATA_DIR: work,
    DATABASE_SEARCH_CONNECTIONS: process.env.DATABASE_SEARCH_CONNECTIONS,
  });
  return openPostgres({ connectionString: database.url, schema: database.schema, searchConnections: databaseSearchConnections });
}
