import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { MessageCreated } from '@hub/shared/api';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres-db';
import { startServerProcess, type ServerProcess } from '../faults/server-process';
import { freePort, postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../faults/throwaway-postgres';
import { DB_KIND } from '../helper';
import { readSse } from '../support/sse-reader';
import { startTestIdp, type TestIdp } from '../support/test-idp';

const NGINX = '/usr/sbin/nginx';
const CONFIG = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'deploy', 'nginx.conf');
const USER = 'user@northwind.test';
const CONSULTANT = 'consultant@demo.test';
const bin = postgresBin();
// Processes and a cluster of their own: once per run (the PGlite pass), where PostgreSQL and nginx are installed.
const skip =
  DB_KIND !== 'pglite'
    ? 'runs once, in the PGlite pass'
    : !bin
      ? 'PostgreSQL is not installed'
      : !existsSync(NGINX)
        ? `nginx is not installed (${NGINX}; Debian package nginx, installed by scripts/test-all.mjs)`
        : false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The repository's config with only its addresses changed: nginx on `front`, the two processes on `a` and `b`. */
function configFor(front: number, a: number, b: number): string {
  const text = readFileSync(CONFIG, 'utf8');
  const counts = ['listen 127.0.0.1:8080;', 'server 127.0.0.1:8081 ', 'server 127.0.0.1:8082 '].map(
    (address) => text.split(address).length - 1,
  );
  // One listen, each process in both upstream blocks: a config that moved on must update this test.
  assert.deepEqual(counts, [1, 2, 2], 'deploy/nginx.conf listens on 127.0.0.1:8080 and proxies to 127.0.0.1:8081 and :8082');
  return text
    .replaceAll('listen 127.0.0.1:8080;', `listen 127.0.0.1:${front};`)
    .replaceAll('server 127.0.0.1:8081 ', `server 127.0.0.1:${a} `)
    .replaceAll('server 127.0.0.1:8082 ', `server 127.0.0.1:${b} `);
}

/** Requests each process logged for `path` (Fastify's "incoming request" lines at LOG_LEVEL=info). */
const served = (server: ServerProcess, path: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('incoming request') && line.includes(`"url":"${path}`)).length;

describe('two server processes behind nginx (deploy/nginx.conf)', { skip }, () => {
  let postgres: ThrowawayPostgres;
  let db: Db;
  let idp: TestIdp;
  let a: ServerProcess;
  let b: ServerProcess;
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  let front = '';
  const draftIds: number[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-nginx-data-'));
  const prefix = mkdtempSync(join(tmpdir(), 'hub-nginx-'));

  before(async () => {
    postgres = await startThrowawayPostgres(bin!);
    db = await openPostgres({ connectionString: postgres.url });
    // What exists before the processes start: the schema, the company's identity provider, and due
    // drafts that both processes' first scheduler ticks (at start) race for.
    await migrate(db);
    idp = await startTestIdp();
    const p = idp.provider;
    await db.query(
      `INSERT INTO identity_providers (name, label, kind, issuer, client_id, authorization_endpoint, token_endpoint, user_id_field, enabled, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [p.name, p.label, p.kind, p.issuer, p.client_id, p.authorization_endpoint, p.token_endpoint, p.user_id_field, p.enabled, p.position],
    );
    for (let index = 0; index < 3; index += 1) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO news_items (title, status, publish_at) VALUES ($1, 0, now() - interval '1 minute') RETURNING id`,
        [`Due draft ${index}`],
      );
      draftIds.push(rows[0]!.id);
    }

    // Both processes at once on one database (each migrates and seeds under its own lock), one DATA_DIR.
    const env = { DATABASE_URL: postgres.url, LOG_LEVEL: 'info' };
    [a, b] = await Promise.all([startServerProcess(dataDir, env), startServerProcess(dataDir, env)]);

    const port = await freePort();
    front = `http://127.0.0.1:${port}`;
    // The prefix as the README sets it up (with tmp/), readable by nginx's workers when run as root.
    chmodSync(prefix, 0o755);
    mkdirSync(join(prefix, 'tmp'));
    chmodSync(join(prefix, 'tmp'), 0o777);
    writeFileSync(join(prefix, 'nginx.conf'), configFor(port, a.port, b.port));
    nginx = spawn(NGINX, ['-p', `${prefix}/`, '-c', 'nginx.conf', '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    nginx.stderr!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    for (let attempt = 0; ; attempt += 1) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${nginxOutput}`);
      try {
        if ((await fetch(`${front}/api/health/live`)).status === 200) break;
      } catch {
        // not listening yet
      }
      if (attempt > 100) throw new Error(`nginx did not answer:\n${nginxOutput}`);
      await sleep(100);
    }
  });

  after(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    for (const server of [a, b]) {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    await db?.close();
    await idp?.close();
    postgres?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(prefix, { recursive: true, force: true });
  });

  async function signIn(base: string, email: string): Promise<string> {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: await idp.sign({ email }), provider: idp.provider.name }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const call = (base: string, token: string, path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });

  test('should spread calls over both processes, each accepting tokens the other issued', async () => {
    const fromA = await signIn(a.base, USER);
    const fromB = await signIn(b.base, CONSULTANT);
    assert.equal((await call(b.base, fromA, '/api/advices')).status, 200, 'a token of process A works on process B');
    assert.equal((await call(a.base, fromB, '/api/advices')).status, 200, 'a token of process B works on process A');

    const before = [served(a, '/api/news-items'), served(b, '/api/news-items')];
    for (let index = 0; index < 6; index += 1) {
      const response = await call(front, index % 2 ? fromA : fromB, '/api/news-items');
      assert.equal(response.status, 200, await response.text());
    }
    // The logs are written as the requests arrive: give them a moment to reach this process.
    for (let wait = 0; wait < 20 && served(a, '/api/news-items') + served(b, '/api/news-items') - before[0]! - before[1]! < 6; wait += 1) {
      await sleep(100);
    }
    const onA = served(a, '/api/news-items') - before[0]!;
    const onB = served(b, '/api/news-items') - before[1]!;
    assert.equal(onA + onB, 6, `every call through nginx reached a process (A ${onA}, B ${onB})`);
    assert.ok(onA > 0 && onB > 0, `nginx sends calls to both processes (A ${onA}, B ${onB})`);
  });

  test('should deliver a message written through either process to a live stream opened through nginx', async () => {
    const consultant = await signIn(front, CONSULTANT);
    const user = await signIn(front, USER);
    const ticket = (
      (await (await call(front, consultant, '/api/discussions/events/ticket', { method: 'POST' })).json()) as { ticket: string }
    ).ticket;
    const stream = await readSse(`${front}/api/discussions/events?ticket=${encodeURIComponent(ticket)}`);
    const { received } = stream;
    try {
      // The stream is on one of the two processes: a message written directly on each reaches it,
      // so one of them crossed processes (PostgreSQL NOTIFY) and nginx passed it on unbuffered.
      for (const [name, server] of [
        ['A', a],
        ['B', b],
      ] as const) {
        const created = await call(server.base, user, '/api/discussions', {
          method: 'POST',
          body: JSON.stringify({ message: `Written on process ${name}` }),
        });
        assert.equal(created.status, 201, await created.clone().text());
        const id = ((await created.json()) as MessageCreated).message.id;
        let delivered = false;
        for (let wait = 0; wait < 100 && !delivered; wait += 1) {
          delivered = received.some((item) => item.event === 'message.created' && item.data.message_id === id);
          if (!delivered) await sleep(100);
        }
        assert.ok(
          delivered,
          `the message written on process ${name} reached the stream; got ${JSON.stringify(received.map((item) => item.event))}`,
        );
      }
    } finally {
      await stream.close();
    }
  });

  test('should end access on both processes after a sign-out through one', async () => {
    const token = await signIn(front, USER);
    assert.equal((await call(b.base, token, '/api/advices')).status, 200);
    const logout = await call(a.base, token, '/api/auth/logout', { method: 'POST' });
    assert.ok(logout.status < 300, `sign-out answered ${logout.status}`);
    assert.equal((await call(b.base, token, '/api/advices')).status, 401, 'process B refuses the token signed out on A');
    assert.equal((await call(a.base, token, '/api/advices')).status, 401);
    for (let index = 0; index < 4; index += 1) assert.equal((await call(front, token, '/api/advices')).status, 401, 'and through nginx');
  });

  test('should publish each due draft once with two processes running the scheduler', async () => {
    // Both processes ticked at start, the same second; by now (the tests above) both ticks are long over.
    for (let wait = 0; wait < 100; wait += 1) {
      const { rows } = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM news_items WHERE id = ANY($1) AND status = 16',
        [draftIds],
      );
      if (rows[0]!.count === draftIds.length) break;
      await sleep(100);
    }
    const { rows: items } = await db.query<{ id: number; status: number }>(
      'SELECT id, status FROM news_items WHERE id = ANY($1) ORDER BY id',
      [draftIds],
    );
    assert.deepEqual(
      items.map((item) => item.status),
      draftIds.map(() => 16),
    );
    const { rows: audit } = await db.query<{ item_id: number; count: number }>(
      `SELECT item_id, count(*)::int AS count FROM audit_log WHERE action = 'news-item.publish' AND item_id = ANY($1) GROUP BY item_id ORDER BY item_id`,
      [draftIds],
    );
    assert.deepEqual(
      audit,
      draftIds.map((id) => ({ item_id: id, count: 1 })),
      'one audit line per published draft',
    );
  });
});
