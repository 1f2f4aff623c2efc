import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Queryable } from '../../db/db';
import { openPglite } from '../../db/pglite-db';
import { openPostgres } from '../../db/postgres-db';
import { s3ClientConfig } from '../file-exchange/exchange-storage';
import { type BackupConfig, bucketKeys } from './backup';
import { restorePostgresDump, serverMajor, tableCounts } from './database-tools';
import { listFiles, type Manifest, readManifest, verifyBackup } from './manifest';

export interface RestoreOptions {
  /** Restore over a database and file store that are not empty (what they held is removed). */
  force?: boolean;
  log?: (line: string) => void;
}

/** The target holds data and `--force` was not given: nothing was written. */
export class RestoreRefusedError extends Error {
  constructor(what: string) {
    super(`Restore refused: ${what} is not empty. Restore into an empty one, or give --force to replace what it holds`);
    this.name = 'RestoreRefusedError';
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schemas a restore fills: the configured one, or every schema of the database but PostgreSQL's own. */
async function targetSchemas(db: Queryable, config: BackupConfig): Promise<string[]> {
  if (config.databaseSchema) return [config.databaseSchema];
  const { rows } = await db.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
  );
  return rows.map((row) => row.name);
}

/** What the target already holds, each named; empty when it is all empty. */
async function whatIsThere(config: BackupConfig): Promise<string[]> {
  const found: string[] = [];
  if (config.databaseUrl) {
    const db = await openPostgres({ connectionString: config.databaseUrl, schema: config.databaseSchema, max: 1 });
    try {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = ANY($1::text[])`, [
        await targetSchemas(db, config),
      ]);
      if (rows[0]!.n > 0) found.push('the database');
    } finally {
      await db.close();
    }
  } else if ((await readdir(join(config.dataDir, 'pglite')).catch(() => [])).length > 0) {
    found.push(`the embedded database folder ${join(config.dataDir, 'pglite')}`);
  }
  if ((await listFiles(join(config.dataDir, 'files'))).length > 0) found.push(`the file store ${join(config.dataDir, 'files')}`);
  if (config.s3) {
    const client = new S3Client(s3ClientConfig(config.s3));
    try {
      for await (const key of bucketKeys(client, config.s3.bucket)) {
        found.push(`the bucket ${config.s3.bucket} (holds ${key})`);
        break;
      }
    } finally {
      client.destroy();
    }
  }
  return found;
}

/** Empties the target: the database's schema (PostgreSQL) or folder (PGlite), the file store and the bucket. */
async function clearTarget(config: BackupConfig): Promise<void> {
  if (config.databaseUrl) {
    const db = await openPostgres({ connectionString: config.databaseUrl, schema: config.databaseSchema, max: 1 });
    try {
      // The whole database: every schema of ours (public, extensions), made again empty; a
      // configured schema: that one only.
      const schemas = await targetSchemas(db, config);
      await db.exec(schemas.map((name) => `DROP SCHEMA ${quoteIdent(name)} CASCADE;`).join('\n'));
      await db.exec(config.databaseSchema ? `CREATE SCHEMA ${quoteIdent(config.databaseSchema)}` : 'CREATE SCHEMA public');
    } finally {
      await db.close();
    }
  } else {
    await rm(join(config.dataDir, 'pglite'), { recursive: true, force: true });
  }
  await rm(join(config.dataDir, 'files'), { recursive: true, force: true });
  if (config.s3) {
    const client = new S3Client(s3ClientConfig(config.s3));
    try {
      for await (const key of bucketKeys(client, config.s3.bucket))
        await client.send(new DeleteObjectCommand({ Bucket: config.s3.bucket, Key: key }));
    } finally {
      client.destroy();
    }
  }
}

async function restoreDatabase(config: BackupConfig, folder: string, manifest: Manifest): Promise<Record<string, number>> {
  const dump = join(folder, manifest.database.file);
  if (manifest.database.kind === 'postgres') {
    if (!config.databaseUrl) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to the server to restore it into');
    const db = await openPostgres({ connectionString: config.databaseUrl, schema: config.databaseSchema, max: 1 });
    try {
      const major = await serverMajor(db);
      if (major < manifest.database.server_major) {
        throw new Error(
          `This backup is of PostgreSQL ${manifest.database.server_major}: restore it into PostgreSQL ${manifest.database.server_major} or later (not ${major})`,
        );
      }
      // One transaction: a failed restore leaves the database as empty as it was.
      await restorePostgresDump(major, config.databaseUrl, dump, manifest.database.schema ?? 'public');
      return await tableCounts(db);
    } finally {
      await db.close();
    }
  }
  if (config.databaseUrl) throw new Error('This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR/pglite');
  const dataDir = join(config.dataDir, 'pglite');
  await mkdir(dataDir, { recursive: true });
  const db = await openPglite({ dataDir, loadDataDir: new Blob([await readFile(dump)]) });
  try {
    return await tableCounts(db);
  } finally {
    await db.close();
  }
}

/**
 * Restores the backup in `folder` (backup.ts): checks every file against the manifest first (a
 * wrong one stops before anything is written, naming it), then that the target database and file
 * store are empty (unless `force`), then restores the database, the files and the bucket's
 * objects, and compares each table's row count with the manifest's.
 */
export async function restore(config: BackupConfig, folder: string, options: RestoreOptions = {}): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const manifest = await readManifest(folder);
  await verifyBackup(folder, manifest);
  log(`checked: ${manifest.files.length} files match the manifest`);
  const objects = manifest.files.filter((file) => file.path.startsWith('s3/'));
  if (objects.length > 0 && !config.s3)
    throw new Error(`This backup holds ${objects.length} objects of a bucket: set S3_BUCKET (and the other S3_ settings) to restore them`);

  const there = await whatIsThere(config);
  if (there.length > 0) {
    if (!options.force) throw new RestoreRefusedError(there.join(', '));
    log(`--force: emptying ${there.join(', ')}`);
    await clearTarget(config);
  }

  const counts = await restoreDatabase(config, folder, manifest);
  const differing = Object.keys({ ...manifest.tables, ...counts }).filter((table) => manifest.tables[table] !== counts[table]);
  if (differing.length > 0) {
    throw new Error(
      `The restored database differs from the backup's row counts in: ${differing.map((t) => `${t} (${counts[t] ?? 'missing'} for ${manifest.tables[t] ?? 'none'})`).join(', ')}`,
    );
  }
  log(`database: ${Object.keys(counts).length} tables restored, every row count as in the manifest`);

  const filesRoot = join(config.dataDir, 'files');
  let copied = 0;
  for (const file of manifest.files.filter((f) => f.path.startsWith('files/'))) {
    const target = join(filesRoot, file.path.slice('files/'.length));
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(folder, file.path), target);
    copied += 1;
  }
  log(`file store: ${copied} files restored into ${filesRoot}`);
  if (config.s3 && objects.length > 0) {
    const client = new S3Client(s3ClientConfig(config.s3));
    try {
      for (const file of objects) {
        const upload = new Upload({
          client,
          params: { Bucket: config.s3.bucket, Key: file.path.slice('s3/'.length), Body: createReadStream(join(folder, file.path)) },
        });
        await upload.done();
      }
    } finally {
      client.destroy();
    }
    log(`object store: ${objects.length} objects restored into bucket ${config.s3.bucket}`);
  }
  return manifest;
}
