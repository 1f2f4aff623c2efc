import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** The name of a backup's manifest, at the top of its folder. */
export const MANIFEST = 'manifest.json';
export const MANIFEST_FORMAT = 1;

export interface ManifestFile {
  /** The file's path inside the backup folder, with `/` separators. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  created_at: string;
  database: {
    kind: 'pglite' | 'postgres';
    /** The dump, inside the backup folder (pg_dump's custom format, or PGlite's gzipped data folder). */
    file: string;
    /** PostgreSQL's major version the dump was taken from. */
    server_major: number;
    /** The schema dumped (PostgreSQL); null: the whole database. */
    schema: string | null;
  };
  /** Each table's rows at the dump's moment, by name. */
  tables: Record<string, number>;
  /** Where the object store's files went (under `s3/`), when the file store was a bucket. */
  s3_bucket: string | null;
  /** Every file of the backup but the manifest: the dump, `files/…` (DATA_DIR/files) and `s3/…`. */
  files: ManifestFile[];
}

/** A backup whose content does not match its manifest: nothing was written; the message names the file. */
export class BackupCheckError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`The backup's file ${file} ${problem}: nothing was restored`);
    this.name = 'BackupCheckError';
  }
}

export async function sha256File(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every regular file under `root`, as paths relative to it with `/` separators (none when `root` is missing). */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(relative(root, path).split(sep).join('/'));
    }
  };
  await walk(root);
  return found.sort();
}

export async function readManifest(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(folder, MANIFEST), 'utf8');
  } catch {
    throw new BackupCheckError(MANIFEST, 'cannot be read');
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupCheckError(MANIFEST, 'is not JSON');
  }
  if (manifest.format !== MANIFEST_FORMAT || !Array.isArray(manifest.files) || !manifest.database) {
    throw new BackupCheckError(MANIFEST, `is not a backup manifest of format ${MANIFEST_FORMAT}`);
  }
  return manifest;
}

/**
 * Checks every file the manifest lists against its size and SHA-256, and that no listed path leaves
 * the folder; the first that differs stops with its name.
 */
export async function verifyBackup(folder: string, manifest: Manifest): Promise<void> {
  for (const file of manifest.files) {
    if (file.path.startsWith('/') || file.path.split('/').includes('..'))
      throw new BackupCheckError(file.path, 'is outside the backup folder');
    let actual;
    try {
      actual = await sha256File(join(folder, file.path));
    } catch {
      throw new BackupCheckError(file.path, 'is missing');
    }
    if (actual.size !== file.size) throw new BackupCheckError(file.path, `has ${actual.size} bytes where the manifest says ${file.size}`);
    if (actual.sha256 !== file.sha256) throw new BackupCheckError(file.path, 'does not match its SHA-256 in the manifest');
  }
}
