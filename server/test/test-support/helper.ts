import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
import { resetTables, restoreStatements, takeDemoSnapshot } from './demo-snapshot';
import { copyDatabase, databaseUrl, dropDatabase } from './postgres-databases';
import { sharedCompilers } from './shared-compilers';
import { testConfig as baseConfig } from './test-config';

/**
 * Every suite runs on embedded PGlite, and again on a real PostgreSQL when the runner sets
 * HUB_TEST_DB=postgres (with DATABASE_URL). One database per test file: each file loads the
 * migrated, seeded template the runner made once (PGlite takes seconds to create; on PostgreSQL a
 * copy of a template database is cheaper than migrating and seeding again).
 */
export const DB_KIND: 'pglite' | 'postgres' = process.env.HUB_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

// What one test file has opened, closed by closeTestFile() once its last test has run. (The runner
// may run several files one after another in one process: see test/test-support/run-files.ts.)
let dataDir: string | null = null;
const apps: FastifyInstance[] = [];
let dbPromise: Promise<Db> | null = null;
/** The statements that put this file's demo data back (demo-snapshot.ts), null without a snapshot. */
let restoreSql: Promise<string | null> | null = null;
let dropSchema: (() => Promise<void>) | null = null;
/** Opens another handle on this file's PostgreSQL database (null on PGlite). */
let openAnother: (() => Promise<Db>) | null = null;
const foldersToRemove: string[] = [];

/** A folder the test file made (mkdtemp at its top level), removed with the file's other resources. */
export function removeWithFile(folder: string): string {
  foldersToRemove.push(folder);
  return folder;
}

/** The test configuration, with this file's own DATA_DIR (secrets, keys). */
export const testConfig = (overrides: Partial<AppConfig> = {}) =>
  baseConfig({ dataDir: (dataDir ??= mkdtempSync(join(tmpdir(), 'hub-test-'))), ...overrides });

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
      const connectionString = databaseUrl(url, name);
      const db = await openPostgres({ connectionString, max: 5 });
      dropSchema = () => dropDatabase(url, name);
      openAnother = () => openPostgres({ connectionString, max: 1 });
      return db;
    }
    // Without a template (a file run alone): a fresh schema, migrated and seeded.
    const schema = `hub_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const db = await openPostgres({ connectionString: url, schema, max: 5 });
    openAnother = () => openPostgres({ connectionString: url, schema, max: 1 });
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
  const db = await openPglite({
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    // PGLITE_TRACE=<file>: a line per statement (CONTRIBUTING.md, "When the embedded database stops answering").
    traceFile: process.env.PGLITE_TRACE || undefined,
    onBroken: stopBrokenPass,
  });
  await migrate(db);
  await seedDemoData(db);
  return db;
}

/**
 * The file's embedded database broke (PGlite dropped an exception: src/db/pglite-db.ts), which no
 * test of it caused and no test can get past. Under scripts/run-tests.mjs the pass stops at once,
 * leaving the mark it reads as "run again from this file" (HUB_TEST_BROKEN_MARK); run otherwise,
 * the file's calls fail with DatabaseBrokenError.
 */
function stopBrokenPass(dropped: string) {
  const mark = process.env.HUB_TEST_BROKEN_MARK;
  if (!mark) return;
  writeFileSync(mark, dropped);
  process.stdout.write(`\nThe embedded database broke (PGlite dropped ${dropped}): this pass stops, to run again from this file.\n`);
  process.exit(1);
}

/** The database of this test file, opened on first use and closed after the file's last test. */
export function testDb(): Promise<Db> {
  dbPromise ??= openTestDb().then(async (db) => {
    // The run's templates hold the snapshot already; a database seeded here gets it now, untouched.
    await takeDemoSnapshot(db);
    return db;
  });
  return dbPromise;
}

/**
 * A second handle on this file's PostgreSQL database, as another server process would hold: its
 * writes reach this file's apps through the database (triggers, NOTIFY) only. The caller closes it.
 */
export async function anotherPostgresHandle(): Promise<Db> {
  await testDb();
  if (!openAnother) throw new Error('a second handle needs PostgreSQL (HUB_TEST_DB=postgres)');
  return openAnother();
}

/** An app on this file's database, closed after the file's last test. */
export async function build(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), { db: await testDb(), fastify: sharedCompilers });
  apps.push(app);
  await app.ready();
  return app;
}

/**
 * Back to the demo data as the file found it: the rows of the snapshot taken before its first test
 * (demo-snapshot.ts), put back in one transaction. Without a snapshot, or without the right to turn
 * triggers off (`session_replication_role` is for superusers), it empties the tables instead (not
 * the migrations, providers or IdP accounts) and seeds the demo data again, ten times slower.
 */
export async function resetData(): Promise<void> {
  const db = await testDb();
  restoreSql ??= restoreStatements(db);
  const restore = await restoreSql;
  if (restore) {
    try {
      await db.transaction((tx) => tx.exec(restore));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') throw error;
      restoreSql = Promise.resolve(null);
    }
  }
  const tables = await resetTables(db);
  await db.exec(`TRUNCATE ${tables.map((table) => `"${table}"`).join(', ')} RESTART IDENTITY CASCADE`);
  await seedDemoData(db);
}

/**
 * Closes what the current test file opened (its apps, its database, its DATA_DIR), so that the next
 * file starts from the template again. Runs after the file's last test: from the root `after` hook
 * when a file has a process of its own, from run-files.ts between files run in one process (where a
 * root hook would run whenever the root runs out of queued suites, between two files or before the
 * first has started). Does nothing twice.
 */
export async function closeTestFile(): Promise<void> {
  for (const app of apps.splice(0)) await app.close();
  const opened = dbPromise;
  const drop = dropSchema;
  dbPromise = null;
  dropSchema = null;
  openAnother = null;
  restoreSql = null;
  // A database that failed to open has failed the file's tests already: nothing to close.
  const db = await opened?.catch(() => null);
  if (db) {
    await db.close();
    await drop?.();
  }
  for (const folder of [...(dataDir ? [dataDir] : []), ...foldersToRemove.splice(0)]) rmSync(folder, { recursive: true, force: true });
  dataDir = null;
}

if (!process.env.HUB_TEST_FILES) after(closeTestFile);

export async function userId(email: string): Promise<number> {
  const { rows } = await (await testDb()).query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}
