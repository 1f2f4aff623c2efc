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
      // As the server would read it (openBenchDb).
      DATABASE_SEARCH_CONNECTIONS: process.env.DATABASE_SEARCH_CONNECTIONS,
    })),
    databaseUrl: database.url,
    databaseSchema: database.url ? database.schema : null,
  };
}

/**
 * The benchmark's database, as `benchConfig` names it: PostgreSQL with the server's settings, or
 * PGlite on disk in its data folder, in its own thread as the server runs it.
 */
export function openBenchDb(config: Awaited<ReturnType<typeof benchConfig>>): Promise<Db> {
  return config.databaseUrl
    ? openPostgres({
        connectionString: config.databaseUrl,
        schema: config.databaseSchema,
        searchConnections: config.databaseSearchConnections,
      })
    : openPgliteIsolated({ dataDir: join(config.dataDir, 'pglite') });
}
