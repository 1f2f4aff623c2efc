import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres-db';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../faults/server-process';
import { freePort, postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../faults/throwaway-postgres';
import { startTestIdp, type TestIdp } from '../test-support/test-idp';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests a process answered for `path`, a prefix of the URL (its one "request completed" line per request, at LOG_LEVEL=info). */
export const served = (server: ServerProcess, path: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('request completed') && line.includes(`"url":"${path}`)).length;

/** Live streams open on a process for `channel` ('discussions', 'file-exchange'), from its metrics. */
export async function liveStreams(server: ServerProcess, channel: string): Promise<number> {
  const text = await (await fetch(server.metricsUrl)).text();
  const series = `hub_live_streams{channel="${channel}"} `;
  const line = text.split('\n').find((each) => each.startsWith(series));
  return line === undefined ? 0 : Number(line.slice(series.length));
}

export const NGINX = '/usr/sbin/nginx';
export const NGINX_CONFIG = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'deploy', 'nginx.conf');

/** Why a deployment cannot start here (PostgreSQL or nginx missing), or false. */
export function deploymentMissing(): string | false {
  if (!postgresBin()) return 'PostgreSQL is not installed';
  if (!existsSync(NGINX)) return `nginx is not installed (${NGINX}; Debian package nginx, installed by scripts/test-all.mjs)`;
  return false;
}

/**
 * The repository's config with only its addresses changed: nginx on `front`, the two processes on
 * `a` and `b`; the process on port `down`, if any, marked `down` (taken out of both upstreams).
 */
export function nginxConfigFor(front: number, a: number, b: number, down?: number): string {
  const text = readFileSync(NGINX_CONFIG, 'utf8');
  const counts = ['listen 127.0.0.1:8080;', 'server 127.0.0.1:8081 ', 'server 127.0.0.1:8082 '].map(
    (address) => text.split(address).length - 1,
  );
  // One listen, each process in both upstream blocks: a config that moved on must update this test.
  assert.deepEqual(counts, [1, 2, 2], 'deploy/nginx.conf listens on 127.0.0.1:8080 and proxies to 127.0.0.1:8081 and :8082');
  const moved = text
    .replaceAll('listen 127.0.0.1:8080;', `listen 127.0.0.1:${front};`)
    .replaceAll('server 127.0.0.1:8081 ', `server 127.0.0.1:${a} `)
    .replaceAll('server 127.0.0.1:8082 ', `server 127.0.0.1:${b} `);
  return down === undefined ? moved : moved.replace(new RegExp(`(server 127\\.0\\.0\\.1:${down} [^;]*);`, 'g'), '$1 down;');
}

export interface Deployment {
  postgres: ThrowawayPostgres;
  /** A connection of the test's own to the shared database. */
  db: Db;
  idp: TestIdp;
  a: ServerProcess;
  b: ServerProcess;
  /** nginx's address, e.g. http://127.0.0.1:41234 */
  front: string;
  nginxOutput(): string;
  /** An access token of `email`, signed in through `base` (the real login path). */
  signIn(base: string, email: string): Promise<string>;
  /**
   * Replaces one process the way docs/operations.md's upgrade does: taken out of nginx (reloaded),
   * SIGTERM (it drains and exits), a process started on its port and metrics port with `env` added
   * (e.g. the next release's settings), once it answers /api/health/ready put back. `a` or `b` then
   * names the new one. The milliseconds of each step.
   */
  replace(which: 'a' | 'b', env?: Record<string, string>): Promise<{ takenOut: number; stopped: number; started: number }>;
  stop(): Promise<void>;
}

/**
 * What README's "Deploying several processes" describes, on loopback: a throwaway PostgreSQL, two
 * server processes on it (one DATA_DIR) and nginx with deploy/nginx.conf in front. `prepare` runs
 * on the migrated database before the processes start.
 */
export async function startDeployment(
  options: { env?: Record<string, string>; prepare?: (db: Db) => Promise<void> } = {},
): Promise<Deployment> {
  const postgres = await startThrowawayPostgres(postgresBin()!);
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-deploy-data-'));
  const prefix = mkdtempSync(join(tmpdir(), 'hub-deploy-nginx-'));
  const db = await openPostgres({ connectionString: postgres.url });
  // What exists before the processes start: the schema and the company's identity provider.
  await migrate(db);
  const idp = await startTestIdp();
  const p = idp.provider;
  await db.query(
    `INSERT INTO identity_providers (name, label, kind, issuer, client_id, authorization_endpoint, token_endpoint, user_id_field, enabled, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [p.name, p.label, p.kind, p.issuer, p.client_id, p.authorization_endpoint, p.token_endpoint, p.user_id_field, p.enabled, p.position],
  );
  await options.prepare?.(db);

  // Both processes at once on one database (each migrates and seeds under its own lock), one DATA_DIR.
  const env = { DATABASE_URL: postgres.url, ...options.env };
  /** What is started before the processes: closed last, whether they started or not. */
  const closeShared = async () => {
    await db.close();
    await idp.close();
    postgres.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(prefix, { recursive: true, force: true });
  };
  const started = await Promise.allSettled([startServerProcess(dataDir, env), startServerProcess(dataDir, env)]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // One process did not start: nothing started here may outlive the test (the other process,
    // the provider, the PostgreSQL cluster).
    for (const result of started) if (result.status === 'fulfilled') await stopServerProcess(result.value);
    await closeShared();
    throw failed.reason;
  }
  const [a, b] = started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];

  const port = await freePort();
  const front = `http://127.0.0.1:${port}`;
  // The prefix as the README sets it up (with tmp/), readable by nginx's workers when run as root.
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, 'tmp'));
  chmodSync(join(prefix, 'tmp'), 0o777);
  writeFileSync(join(prefix, 'nginx.conf'), nginxConfigFor(port, a.port, b.port));
  let nginxOutput = '';
  const nginx: ChildProcess = spawn(NGINX, ['-p', `${prefix}/`, '-c', 'nginx.conf', '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stdout!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  nginx.stderr!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));

  const servers = { a, b };
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    for (const server of [servers.a, servers.b]) await stopServerProcess(server);
    await closeShared();
  };

  for (let attempt = 0; ; attempt += 1) {
    if (nginx.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited:\n${nginxOutput}`);
    }
    try {
      if ((await fetch(`${front}/api/health/live`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (attempt > 100) {
      await stop();
      throw new Error(`nginx did not answer:\n${nginxOutput}`);
    }
    await sleep(100);
  }

  async function signIn(base: string, email: string): Promise<string> {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: await idp.sign({ email }), provider: idp.provider.name }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const deployment: Deployment = {
    postgres,
    db,
    idp,
    get a() {
      return servers.a;
    },
    get b() {
      return servers.b;
    },
    front,
    nginxOutput: () => nginxOutput,
    signIn,
    replace,
    stop,
  };

  /** nginx's worker processes (the children of its master). */
  const workers = () =>
    new Set(
      spawnSync('ps', ['-o', 'pid=', '--ppid', String(nginx.pid)])
        .stdout.toString()
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
  /**
   * Writes the config with the process on `down` taken out (or none) and reloads nginx: resolves
   * once the workers of the previous config have finished their requests and exited.
   */
  async function reloadNginx(down?: number) {
    writeFileSync(join(prefix, 'nginx.conf'), nginxConfigFor(port, servers.a.port, servers.b.port, down));
    const previous = workers();
    nginx.kill('SIGHUP');
    for (let attempt = 0; [...workers()].some((pid) => previous.has(pid)); attempt += 1) {
      if (attempt > 300) throw new Error(`nginx's previous workers did not exit:\n${nginxOutput}`);
      await sleep(50);
    }
  }

  async function replace(which: 'a' | 'b', extra: Record<string, string> = {}) {
    const old = servers[which];
    const begun = Date.now();
    await reloadNginx(old.port);
    const takenOut = Date.now() - begun;
    await stopServerProcess(old);
    const stopped = Date.now() - begun - takenOut;
    const metricsPort = new URL(old.metricsUrl).port;
    const next = await startServerProcess(dataDir, { ...env, ...extra, PORT: String(old.port), METRICS_PORT: metricsPort });
    servers[which] = next;
    for (let attempt = 0; (await fetch(`${next.base}/api/health/ready`)).status !== 200; attempt += 1) {
      if (attempt > 100) throw new Error(`the new process ${which} is not ready:\n${next.output()}`);
      await sleep(100);
    }
    const started = Date.now() - begun - takenOut - stopped;
    await reloadNginx();
    return { takenOut, stopped, started };
  }

  return deployment;
}
