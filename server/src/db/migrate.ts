import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const FILE_NAME = /^(\d{4})_([a-z0-9_-]+)\.sql$/;
/** Any constant: serialises migrations when several server processes start against one database. */
const MIGRATION_LOCK = 7806851;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function readMigrations(folder = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  const fileOfVersion = new Map<string, string>();
  for (const file of names) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file "${file}" must be named NNNN_name.sql`);
    // The runner keys on the number: a second file with a taken number would never be applied
    // where the first one already was (work merged side by side). Refuse it before applying anything.
    const taken = fileOfVersion.get(match[1]!);
    if (taken) throw new Error(`Migrations "${taken}" and "${file}" share the number ${match[1]}: renumber one of them`);
    fileOfVersion.set(match[1]!, file);
    migrations.push({ version: match[1]!, name: match[2]!, sql: await readFile(join(folder, file), 'utf8') });
  }
  return migrations;
}

/** Applies the migrations not yet recorded in schema_migrations, in order, each in its own transaction. */
export async function migrate(db: Db, folder = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const migration of await readMigrations(folder)) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(`${migration.version}_${migration.name}`);
  }
  return applied;
}
