import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import { migrate } from '../../../src/db/migrate';
import { openPglite } from '../../../src/db/pglite-db';
import { openPostgres } from '../../../src/db/postgres-db';
import { backup, type BackupConfig } from '../../../src/lib/backup/backup';
import { tableCounts } from '../../../src/lib/backup/database-tools';
import { BackupCheckError, listFiles, MANIFEST, sha256File } from '../../../src/lib/backup/manifest';
import { restore, RestoreRefusedError } from '../../../src/lib/backup/restore';
import type { AppConfig } from '../../../src/plugins/external/config';
import { DB_KIND, removeWithFile } from '../../test-support/helper';
import { copyDatabase, databaseUrl, dropDatabase } from '../../test-support/postgres-databases';
import { startTestS3, type TestS3 } from '../../test-support/s3-server';
import { sharedCompilers } from '../../test-support/shared-compilers';
import { testConfig } from '../../test-support/test-config';

const folder = (name: string) => removeWithFile(mkdtempSync(join(tmpdir(), `hub-backup-${name}-`)));
const databases: string[] = [];
const servers: TestS3[] = [];
after(async () => {
  for (const server of servers) await server.close();
  for (const name of databases) await dropDatabase(process.env.DATABASE_URL!, name);
});

/** A new, empty database of the run's PostgreSQL, or a copy of the run's migrated, seeded template. */
async function newDatabase(fromTemplate: boolean): Promise<string> {
  const url = process.env.DATABASE_URL!;
  const name = `hub_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = process.env.HUB_TEST_PG_TEMPLATE;
  if (fromTemplate && template) await copyDatabase(url, template, name);
  else {
    const admin = await openPostgres({ connectionString: url, max: 1 });
    await admin.exec(`CREATE DATABASE ${name}`).finally(() => admin.close());
  }
  databases.push(name);
  return databaseUrl(url, name);
}

/** The settings of a portal: its own DATA_DIR, and on PostgreSQL its own database. */
async function portal(name: string, withData: boolean, s3: TestS3 | null = null): Promise<AppConfig> {
  const dataDir = folder(name);
  const databaseUrl = DB_KIND === 'postgres' ? await newDatabase(withData) : null;
  const template = process.env.HUB_TEST_PGLITE_TEMPLATE;
  if (!databaseUrl && withData && template) {
    // The run's migrated, seeded template, as a data folder: faster than migrating anew.
    const db = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: new Blob([readFileSync(template)]) });
    await db.close();
  }
  return testConfig({ dataDir, databaseUrl, seedDemo: withData, s3: s3?.config ?? null });
}

async function start(config: AppConfig): Promise<FastifyInstance> {
  const app = await buildApp(config, { fastify: sharedCompilers });
  await app.ready();
  return app;
}

/** Every file of the file store (DATA_DIR/files) with its SHA-256. */
async function storeFiles(config: BackupConfig): Promise<Record<string, string>> {
  const root = join(config.dataDir, 'files');
  const found: Record<string, string> = {};
  for (const path of await listFiles(root)) found[path] = (await sha256File(join(root, path))).sha256;
  return found;
}

/** Every object of the exchange store, read through the app, with its SHA-256. */
async function storeObjects(app: FastifyInstance, keys: string[]): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const key of keys) {
    const got = await app.exchangeStore.get(key);
    assert.ok(got, `object ${key} is in the store`);
    const chunks: Buffer[] = [];
    for await (const chunk of got.stream as AsyncIterable<Buffer>) chunks.push(chunk);
    found[key] = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
  }
  return found;
}

/** A portal with the demo data and a few uploads; answers its row counts and, with S3, its object keys. */
async function portalWithUploads(config: AppConfig): Promise<{ counts: Record<string, number>; keys: string[] }> {
  const app = await start(config);
  try {
    await app.exchangeStore.put('backup-test-upload.bin', Readable.from([randomBytes(300_000)]));
    await app.imageStore.put('backup-test-picture.png', Readable.from([randomBytes(2_000)]));
    const { rows } = await app.db.query<{ storage_key: string }>('SELECT storage_key FROM exchange_files WHERE storage_key IS NOT NULL');
    return { counts: await tableCounts(app.db), keys: [...rows.map((row) => row.storage_key), 'backup-test-upload.bin'] };
  } finally {
    await app.close();
  }
}

// Three suites, each within the runner's bound of a top-level suite: a portal started, backed up and
// restored on PGlite takes minutes on a busy machine.
describe(`backup and restore (${DB_KIND})`, () => {
  test('should restore a portal with its data and uploads into a fresh database and folder, which then starts', async () => {
    const source = await portal('source', true);
    const { counts } = await portalWithUploads(source);
    const sourceFiles = await storeFiles(source);
    assert.ok(Object.keys(sourceFiles).some((path) => path.endsWith('backup-test-upload.bin')));
    assert.ok(counts.users! > 0 && counts.exchange_files! > 0);

    const saved = folder('saved');
    const { manifest } = await backup(source, saved);
    assert.deepEqual(manifest.tables, counts);
    assert.ok(manifest.database.server_major >= 15, `PostgreSQL's major version in the manifest (${manifest.database.server_major})`);
    // Every file of the backup is in the manifest, with its size and checksum.
    const listed = new Set(manifest.files.map((file) => file.path));
    for (const path of await listFiles(saved)) if (path !== MANIFEST) assert.ok(listed.has(path), `${path} in the manifest`);

    const target = await portal('target', false);
    await restore(target, saved);
    assert.deepEqual(await storeFiles(target), sourceFiles);

    // The portal starts on what was restored: nothing to migrate, every table as it was, and it answers.
    const app = await start({ ...target, seedDemo: false });
    try {
      assert.deepEqual(await migrate(app.db), []);
      assert.deepEqual(await tableCounts(app.db), counts);
      assert.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200);
    } finally {
      await app.close();
    }

    // A target that holds data is refused, then replaced when forced.
    await assert.rejects(restore(target, saved), RestoreRefusedError);
    await restore(target, saved, { force: true });
    assert.deepEqual(await storeFiles(target), sourceFiles);
  });
});

describe(`a restore from a tampered backup (${DB_KIND})`, () => {
  test('should stop a restore on a tampered file, naming it, before writing anything', async () => {
    const source = await portal('tamper-source', true);
    await portalWithUploads(source);
    const saved = folder('tampered');
    const { manifest } = await backup(source, saved);
    const victim = manifest.files.find((file) => file.path.endsWith('backup-test-upload.bin'))!;
    const bytes = readFileSync(join(saved, victim.path));
    bytes[1000] = bytes[1000]! ^ 0xff;
    writeFileSync(join(saved, victim.path), bytes);

    const target = await portal('tamper-target', false);
    await assert.rejects(restore(target, saved), (error: unknown) => {
      assert.ok(error instanceof BackupCheckError);
      assert.equal(error.file, victim.path);
      assert.match(error.message, /backup-test-upload\.bin/);
      return true;
    });
    // Nothing written: no database, no file.
    assert.deepEqual(await listFiles(join(target.dataDir, 'files')), []);
    if (target.databaseUrl) {
      const db = await openPostgres({ connectionString: target.databaseUrl, max: 1 });
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
      await db.close();
      assert.equal(rows[0]!.n, 0);
    } else {
      assert.deepEqual(
        readdirSync(target.dataDir).filter((name) => name === 'pglite'),
        [],
      );
    }
    // A file shorter than the manifest says is named too.
    writeFileSync(join(saved, victim.path), bytes.subarray(1));
    await assert.rejects(restore(target, saved), (error: unknown) => error instanceof BackupCheckError && error.file === victim.path);
  });
});

describe(`backup and restore of the object store (${DB_KIND})`, () => {
  test('should back up and restore the object store’s bucket', async () => {
    const [sourceS3, targetS3] = [await startTestS3(), await startTestS3()];
    servers.push(sourceS3, targetS3);
    const source = await portal('s3-source', true, sourceS3);
    const { counts, keys } = await portalWithUploads(source);
    const before = await start({ ...source, seedDemo: false });
    const sourceObjects = await storeObjects(before, keys).finally(() => before.close());

    const saved = folder('s3-saved');
    const { manifest } = await backup(source, saved);
    assert.equal(manifest.s3_bucket, sourceS3.config.bucket);
    assert.ok(manifest.files.some((file) => file.path === 's3/backup-test-upload.bin'));

    const target = await portal('s3-target', false, targetS3);
    await restore(target, saved);
    const app = await start({ ...target, seedDemo: false });
    try {
      assert.deepEqual(await tableCounts(app.db), counts);
      assert.deepEqual(await storeObjects(app, keys), sourceObjects);
    } finally {
      await app.close();
    }
  });
});
