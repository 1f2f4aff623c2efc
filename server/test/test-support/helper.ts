import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite-db';
import { openPostgres } from '../../src/db/postgres-db';
import { seedDemoData } from '../../src/db/seed/demo-data';
import type { AppConfig } from '../../src/plugins/external/config';
import { copyDatabase, databaseUrl, dropDatabase } from './postgres-databases';
import { testConfig as baseConfig } from './test-config';

/**
 * Every suite runs on embedded PGlite, and again on a real PostgreSQL when the runner sets
 * HUB_TEST_DB=postgres (with DATABASE_URL). One database per test file: each file loads the
 * migrated, seeded template the runner made once (PGlite takes seconds to create; on PostgreSQL a
 * copy of a template database is cheaper than migrating and seeding again).
 */
export const DB_KIND: 'pglite' | 'postgres' = process.env.HUB_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const dataDir = mkdtempSync(join(tmpdir(), 'hub-test-'));
const apps: FastifyInstance[] = [];
let dbPromise: Promise<Db> | null = null;
let dropSchema: (() => Promise<void>) | null = null;

/** The test configuration, with this file's own DATA_DIR (secrets, keys). */
export const testConfig = (overrides: Partial<AppConfig> = {}) => baseConfig({ dataDir, ...overrides });

async function openTestDb(): Promise<Db> {
  if (DB_KIND === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('HUB_TEST_DB=postgres needs DATABASE_URL');
    // A database per test file, copied from the run's migrated, seeded template (made once by the
    // runner): runs never see each other's rows.
    const template = process.env.HUB_TEST_PG_TEMPLATE;
    if (template) {
      const name = `hub_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      await copyDatabase(url, template, name);
      const db = await openPostgres({ connectionString: databaseUrl(url, name), max: 5 });
      dropSchema = () => dropDatabase(url, name);
      return db;
    }
    // Without a template (a file run alone): a fresh schema, migrated and seeded.
    const schema = `hub_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const db = await openPostgres({ connectionString: url, schema, max: 5 });
    dropSchema = async () => {
      const admin = await openPostgres({ connectionString: url, max: 1 });
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    };
    await migrate(db);
    await seedDemoData(db);
    return db;
  }
  const template = process.env.HUB_TEST_PGLITE_TEMPLATE;
  const db = await openPglite(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
  await migrate(db);
  await seedDemoData(db);
  return db;
}

/** The database of this test file, opened on first use and closed after the file's last test. */
export function testDb(): Promise<Db> {
  dbPromise ??= openTestDb();
  return dbPromise;
}

/** An app on this file's database, closed after the file's last test. */
export async function build(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), { db: await testDb() });
  apps.push(app);
  await app.ready();
  return app;
}

/** Back to the demo data: empties the content tables (not the migrations, providers or IdP accounts) and seeds again. */
export async function resetData(): Promise<void> {
  const db = await testDb();
  const { rows } = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
        AND tablename NOT IN ('schema_migrations', 'identity_providers', 'idp_accounts')`,
  );
  await db.exec(`TRUNCATE ${rows.map((row) => `"${row.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
  await seedDemoData(db);
}

after(async () => {
  for (const app of apps.splice(0)) await app.close();
  if (dbPromise) {
    const db = await dbPromise;
    await db.close();
    await dropSchema?.();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

export async function userId(email: string): Promise<number> {
  const { rows } = await (await testDb()).query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}
