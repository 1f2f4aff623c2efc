import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { type IsolatedPgliteOptions, openPgliteIsolated } from '../../db/pglite-isolated';
import { openPostgres } from '../../db/postgres-db';
import { seedDemoData } from '../../db/seed/demo-data';
import type { AppConfig } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * PGlite in DATA_DIR/pglite unless DATABASE_URL names a PostgreSQL server: same SQL, same
 * migrations. PGlite runs in a thread of its own, reopened if a statement holds it longer than
 * `pgliteStuckSeconds` (db/pglite-isolated.ts); `onReopen` hears when it was.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'> &
    Partial<Pick<AppConfig, 'databaseSearchConnections' | 'pgliteStuckSeconds' | 'pgliteTrace'>>,
  onReopen?: IsolatedPgliteOptions['onReopen'],
): Promise<Db> {
  if (config.databaseUrl) {
    return openPostgres({
      connectionString: config.databaseUrl,
      schema: config.databaseSchema,
      searchConnections: config.databaseSearchConnections,
    });
  }
  return openPgliteIsolated({
    dataDir: join(config.dataDir, 'pglite'),
    stuckAfterMs: (config.pgliteStuckSeconds ?? 0) * 1000,
    traceFile: config.pgliteTrace ?? undefined,
    onReopen,
  });
}

export interface DatabasePluginOptions {
  /** An already open database (tests share one per file); the app then leaves closing it to the owner. */
  db?: Db;
}

export default fp<DatabasePluginOptions>(
  async (fastify, options) => {
    const started = Date.now();
    const db =
      options.db ??
      (await openDatabase(fastify.config, (facts) =>
        fastify.log.error(
          facts,
          facts.dropped
            ? 'the embedded database broke inside PostgreSQL (PGlite dropped an exception): reopened, the calls in flight answered 503'
            : 'the embedded database held one statement too long: reopened, the calls in flight answered 503',
        ),
      ));
    if (!options.db) fastify.addHook('onClose', () => db.close());
    const applied = await migrate(db, fastify.config.migrationsDir);
    // Development only (config.ts): demo data goes into an empty database, never over real data.
    const seeded = fastify.config.seedDemo ? await seedDemoData(db) : false;
    fastify.log.info({ database: db.kind, applied, seeded, ms: Date.now() - started }, 'database ready');
    fastify.decorate('db', db);
  },
  { name: 'database', dependencies: ['config'] },
);
