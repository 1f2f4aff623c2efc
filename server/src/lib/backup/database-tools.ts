import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Queryable } from '../../db/db';

/** Each table of the current schema and its row count, by name. */
export async function tableCounts(db: Queryable): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`);
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

/** PostgreSQL's major version on the other end of `db`. */
export async function serverMajor(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  return Math.floor(Number(rows[0]!.v) / 10000);
}

/**
 * pg_dump, pg_restore or psql of PostgreSQL's `major` version: Debian's
 * /usr/lib/postgresql/<major>/bin first, then the one on the PATH if it is that version.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore' | 'psql', major: number): string {
  const candidates = [`/usr/lib/postgresql/${major}/bin/${name}`, name];
  for (const candidate of candidates) {
    if (candidate.startsWith('/') && !existsSync(candidate)) continue;
    const answer = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    const found = /(\d+)(?:\.\d+)?/.exec(answer.stdout ?? '');
    if (answer.status === 0 && found && Number(found[1]) === major) return candidate;
  }
  throw new Error(`${name} of PostgreSQL ${major} was not found (install postgresql-client-${major})`);
}

/** Runs a tool to its end; rejects with its error output when it fails. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** The line pg_restore's script starts with, which empties the search path for the whole restore. */
const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";

/**
 * Restores a custom-format dump into `url` in one transaction: pg_restore writes the script, psql
 * runs it. The script empties the search path, under which the search's SQL functions (whose text
 * search configurations are named without their schema) cannot be inlined into the indexes and
 * generated columns being rebuilt: the restore runs with the dump's schema on the path instead.
 */
export async function restorePostgresDump(major: number, url: string, dump: string, schema: string): Promise<void> {
  const pgRestore = postgresTool('pg_restore', major);
  const psql = postgresTool('psql', major);
  const reader = spawn(pgRestore, ['--no-owner', '--no-privileges', '--file=-', dump], { stdio: ['ignore', 'pipe', 'pipe'] });
  const writer = spawn(psql, ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${url}`], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let errors = '';
  reader.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  writer.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const ended = (child: typeof reader | typeof writer) =>
    new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
  const readerEnd = ended(reader);
  const writerEnd = ended(writer);
  writer.stdin.on('error', () => undefined); // psql stopped on an error: its exit code says so
  const onPath = `SELECT pg_catalog.set_config('search_path', '${schema.replaceAll("'", "''")}, pg_catalog', false);`;
  // psql may stop early (ON_ERROR_STOP): then the script is no longer read, and its exit code and
  // error output say why.
  let stopped = false;
  void writerEnd.then(
    () => (stopped = true),
    () => (stopped = true),
  );
  try {
    for await (const line of createInterface({ input: reader.stdout, crlfDelay: Infinity })) {
      if (stopped) break;
      if (!writer.stdin.write(`${line === EMPTY_SEARCH_PATH ? onPath : line}\n`))
        await Promise.race([once(writer.stdin, 'drain'), writerEnd]);
    }
  } catch {
    stopped = true;
  }
  if (stopped) reader.kill();
  writer.stdin.end();
  const [read, written] = await Promise.all([readerEnd, writerEnd]);
  if (read !== 0 || written !== 0) throw new Error(`The database's restore failed (pg_restore ${read}, psql ${written}): ${errors.trim()}`);
}
