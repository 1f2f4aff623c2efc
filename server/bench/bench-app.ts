// What the API benchmarks share: the app's settings and its database for one run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options, Result } from 'autocannon';
import type { Db } from '../src/db/db';
import { openPgliteIsolated } from '../src/db/pglite-isolated';
import { openPostgres } from '../src/db/postgres-db';
import { loadConfig } from '../src/plugins/external/config';
import type { TestIdp } from '../test/test-support/test-idp';

/** Where a benchmark's app keeps its data: PostgreSQL in a schema of its own when `url` is set, else PGlite. */
export interface BenchDatabase {
  url: string | null;
  schema: string;
}

/**
 * The app's settings for a benchmark: a throwaway data folder `work`, the demo data, no sign-in
 * pages or front end, and a rate limit that the load never reaches.
 */
export async function benchConfig(work: string, database: BenchDatabase) {
  return {
    ...(await loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: work,
      STATIC_DIR: join(work, 'no-static'),
      EMBEDDED_IDP: 'false',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      // No metrics listener on the machine's 9464, which a portal or the tests may hold.
      METRICS_PORT: '0',
      // As the server would read it (openBenchDb).
      DATABASE_SEARCH_CONNECTIONS: process.env.DATABASE_SEARCH_CONNECTIONS,
    })),
    databaseUrl: database.url,
    databaseSchema: database.url ? database.schema : null,
  };
}

/**
 * The benchmark's database, as `benchConfig` names it: PostgreSQL with the server's settings, or
 * PGlite on disk in its data folder, in its own thread as the server runs it.
 */
export function openBenchDb(config: Awaited<ReturnType<typeof benchConfig>>): Promise<Db> {
  return config.databaseUrl
    ? openPostgres({
        connectionString: config.databaseUrl,
        schema: config.databaseSchema,
        searchConnections: config.databaseSearchConnections,
      })
    : openPgliteIsolated({ dataDir: join(config.dataDir, 'pglite') });
}

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * autocannon in a child process, so that the benchmark's own process spends its CPU on the servers
 * alone; its options go through a file when `optionsFile` is given (a list of requests outgrows an
 * argument).
 */
export function runAutocannon(options: Options, optionsFile?: string): Promise<Result> {
  if (optionsFile) writeFileSync(optionsFile, JSON.stringify(options));
  const read = optionsFile ? `require('fs').readFileSync(process.argv[1], 'utf8')` : 'process.argv[1]';
  const script = `require('autocannon')(JSON.parse(${read})).then((r) => process.stdout.write(JSON.stringify(r)), (e) => { console.error(e); process.exit(1); })`;
  return runJsonChild<Result>(['-e', script, optionsFile ?? JSON.stringify(options)]);
}

/** A Node child process running `args` from the server's folder, its standard output parsed as JSON. */
export function runJsonChild<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${args[0]} exited with ${code}`))));
  });
}

/** The `authorization` header of `email`, signed in at `origin` with a token of the test identity provider. */
export async function benchSignIn(origin: string, idp: TestIdp, email: string): Promise<{ authorization: string }> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: await idp.sign({ email }), provider: idp.provider.name }),
  });
  if (!login.ok) throw new Error(`login of ${email} failed: ${login.status} ${await login.text()}`);
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/** Removes what a run made: its PostgreSQL schema (when on PostgreSQL) and its data folder. */
export async function removeBenchData(database: BenchDatabase, work: string): Promise<void> {
  if (database.url) {
    const admin = await openPostgres({ connectionString: database.url, max: 1 });
    await admin.exec(`DROP SCHEMA IF EXISTS ${database.schema} CASCADE`);
    await admin.close();
  }
  rmSync(work, { recursive: true, force: true });
}
