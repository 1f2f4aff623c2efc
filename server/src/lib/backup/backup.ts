import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { openPglite } from '../../db/pglite-db';
import { openPostgres } from '../../db/postgres-db';
import { s3ClientConfig, type S3Config } from '../file-exchange/exchange-storage';
import { postgresTool, runTool, serverMajor, tableCounts } from './database-tools';
import { listFiles, MANIFEST, MANIFEST_FORMAT, type Manifest, type ManifestFile, sha256File } from './manifest';

/** What a backup reads of the server's settings (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA, S3_*), as the server reads them. */
export interface BackupConfig {
  dataDir: string;
  databaseUrl: string | null;
  databaseSchema: string | null;
  s3?: S3Config | null;
}

export const PGLITE_DUMP = 'database.pglite.tar.gz';
export const POSTGRES_DUMP = 'database.pgdump';

/** The folder a backup is written to must be new or empty: a backup never mixes with another. */
async function emptyFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  if ((await readdir(folder)).length > 0) throw new Error(`The backup folder ${folder} is not empty: give a new or empty folder`);
}

/**
 * The database, dumped into `folder`, with each table's rows counted at the dump's moment.
 * PostgreSQL: pg_dump (custom format, read by pg_restore) of the server's major version, on a
 * snapshot exported by a repeatable-read transaction that also counts the rows, so the counts and
 * the dump see the same commit, while the portal keeps running. Embedded PGlite: its own dump of
 * the data folder, opened by this process alone (the server must be stopped: the folder has one
 * process), so no write can interleave.
 */
async function dumpDatabase(config: BackupConfig, folder: string): Promise<Pick<Manifest, 'database' | 'tables'>> {
  if (config.databaseUrl) {
    const db = await openPostgres({ connectionString: config.databaseUrl, schema: config.databaseSchema, max: 1 });
    try {
      const major = await serverMajor(db);
      const pgDump = postgresTool('pg_dump', major);
      return await db.transaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const { rows } = await tx.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
        const tables = await tableCounts(tx);
        const args = ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.snapshot}`];
        if (config.databaseSchema) args.push(`--schema=${config.databaseSchema}`);
        args.push(`--file=${join(folder, POSTGRES_DUMP)}`, `--dbname=${config.databaseUrl}`);
        await runTool(pgDump, args);
        return { database: { kind: 'postgres', file: POSTGRES_DUMP, server_major: major, schema: config.databaseSchema }, tables };
      });
    } finally {
      await db.close();
    }
  }
  const db = await openPglite({ dataDir: join(config.dataDir, 'pglite') });
  try {
    const tables = await tableCounts(db);
    const major = await serverMajor(db);
    const dump = await db.dump();
    await writeFile(join(folder, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
    return { database: { kind: 'pglite', file: PGLITE_DUMP, server_major: major, schema: null }, tables };
  } finally {
    await db.close();
  }
}

/** Streams `source` into `path`, hashing on the way. */
async function saveHashed(source: Readable, path: string): Promise<{ size: number; sha256: string }> {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, tap, createWriteStream(path));
  return { size, sha256: hash.digest('hex') };
}

/** Every object of the bucket, page by page. */
export async function* bucketKeys(client: S3Client, bucket: string): AsyncGenerator<string> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

export interface BackupResult {
  folder: string;
  manifest: Manifest;
}

/**
 * A backup of the portal into `folder` (new or empty): the database first, then the file store
 * (DATA_DIR/files, and the S3 bucket when configured), then `manifest.json` with every file's size
 * and SHA-256 and each table's row count. Files are copied after the database's snapshot: a file
 * written meanwhile is copied without a row naming it, which a restore leaves unused.
 */
export async function backup(config: BackupConfig, folder: string, log: (line: string) => void = () => {}): Promise<BackupResult> {
  await emptyFolder(folder);
  const { database, tables } = await dumpDatabase(config, folder);
  log(`database (${database.kind}): ${Object.keys(tables).length} tables dumped to ${database.file}`);
  const files: ManifestFile[] = [{ path: database.file, ...(await sha256File(join(folder, database.file))) }];

  const filesRoot = join(config.dataDir, 'files');
  let copied = 0;
  for (const path of await listFiles(filesRoot)) {
    const target = join(folder, 'files', path);
    await mkdir(dirname(target), { recursive: true });
    try {
      await copyFile(join(filesRoot, path), target);
    } catch (error) {
      // Removed since it was listed (a finished upload's part, an image deleted): nothing to keep.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files.push({ path: `files/${path}`, ...(await sha256File(target)) });
    copied += 1;
  }
  log(`file store: ${copied} files copied from ${filesRoot}`);

  if (config.s3) {
    const client = new S3Client(s3ClientConfig(config.s3));
    try {
      let objects = 0;
      for await (const key of bucketKeys(client, config.s3.bucket)) {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.s3.bucket, Key: key }));
        const saved = await saveHashed(answer.Body as Readable, join(folder, 's3', key));
        files.push({ path: `s3/${key}`, ...saved });
        objects += 1;
      }
      log(`object store: ${objects} objects copied from bucket ${config.s3.bucket}`);
    } finally {
      client.destroy();
    }
  }

  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    created_at: new Date().toISOString(),
    database,
    tables,
    s3_bucket: config.s3?.bucket ?? null,
    files,
  };
  await writeFile(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`manifest: ${files.length} files, ${Object.values(tables).reduce((sum, n) => sum + n, 0)} rows`);
  return { folder, manifest };
}
