import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { openPglite } from '../../db/pglite-db';
import { openPostgres } from '../../db/postgres-db';
import { seedDemoData } from '../../db/seed/demo-data';
import type { AppConfig } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** PGlite in DATA_DIR/pglite unless DATABASE_URL names a PostgreSQL server: same SQL, same migrations. */
export async function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) return openPostgres({ connectionString: config.databaseUrl, schema: config.databaseSchema });
  return openPglite({ dataDir: join(config.dataDir, 'pglite') });
}

export interface DatabasePluginOptions {
  /** An already open database (tests share one per file); the app then leaves closing it to the owner. */
  db?: Db;
}

export default fp<DatabasePluginOptions>(
  async (fastify, options) => {
    const started = Date.now();
    const db = options.db ?? (await openDatabase(fastify.config));
    if (!options.db) fastify.addHook('onClose', () => db.close());
    const applied = await migrate(db);
    // Development only (config.ts): demo data goes into an empty database, never over real data.
    const seeded = fastify.config.seedDemo ? await seedDemoData(db) : false;
    fastify.log.info({ database: db.kind, applied, seeded, ms: Date.now() - started }, 'database ready');
    fastify.decorate('db', db);
  },
  { name: 'database', dependencies: ['config'] },
);
