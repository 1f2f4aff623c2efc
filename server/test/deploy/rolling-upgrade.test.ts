// @one-pass: its own processes, cluster and nginx.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Discussion, MessageCreated } from '@hub/shared/api';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres-db';
import type { ServerProcess } from '../faults/server-process';
import { deploymentMissing, sleep, startDeployment, type Deployment } from './deployment';

const USER = 'user@northwind.test';
const CONSULTANT = 'consultant@demo.test';
const CLIENTS = 4;
/** The next release's one new migration: expand only (a table, a nullable column on a table being written). */
const DRILL_VERSION = '9000';
const DRILL_SQL = `CREATE TABLE upgrade_drill (id serial PRIMARY KEY, note text NOT NULL);
ALTER TABLE messages ADD COLUMN upgrade_drill_note text;
`;
// Processes and a cluster of their own: once per run (see // @one-pass), where PostgreSQL and nginx are installed.
const skip = deploymentMissing();

interface Outcome {
  method: 'GET' | 'POST';
  started: number;
  ended: number;
  /** The status, or the network error's message. */
  status: number | string;
  messageId?: number;
}

/** The release's migrations and one more: the folder the "next release" starts with (MIGRATIONS_DIR). */
function nextReleaseMigrations(folder: string, version: string, sql: string): string {
  for (const name of readdirSync(MIGRATIONS_DIR).filter((each) => each.endsWith('.sql'))) {
    copyFileSync(join(MIGRATIONS_DIR, name), join(folder, name));
  }
  writeFileSync(join(folder, `${version}_upgrade_drill.sql`), sql);
  return folder;
}

/**
 * One call on a connection of its own. nginx's reload closes the idle connections that its previous
 * workers kept alive; a browser sends a request again when a reused connection closes before any
 * answer, node's fetch does not: a connection per call leaves only the portal's own failures.
 */
function send(base: string, token: string, path: string, body?: object): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      {
        method: payload === undefined ? 'GET' : 'POST',
        agent: false,
        headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('a rolling upgrade of two processes behind nginx, under load, across a migration', { skip }, () => {
  let deployment: Deployment;
  const folder = mkdtempSync(join(tmpdir(), 'hub-next-release-'));

  before(async () => {
    deployment = await startDeployment({ env: { LOG_LEVEL: 'info' } });
  });
  after(async () => {
    await deployment?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  test('should upgrade one process at a time with no 5xx and no lost write, the migration applied once', async () => {
    const { front, signIn, db } = deployment;
    const next = nextReleaseMigrations(folder, DRILL_VERSION, DRILL_SQL);
    const user = await signIn(front, USER);
    const consultant = await signIn(front, CONSULTANT);
    const call = (token: string, path: string, body?: object) => send(front, token, path, body);
    const discussionId = (JSON.parse((await call(user, '/api/discussions')).body) as { items: Discussion[] }).items[0]!.id;

    // Constant load through nginx: reads of three kinds, and discussion messages (each one counted).
    const outcomes: Outcome[] = [];
    let running = true;
    let counter = 0;
    const client = async (index: number) => {
      while (running) {
        counter += 1;
        const method = counter % 3 === 0 ? 'POST' : 'GET';
        const started = Date.now();
        let status: number | string;
        let messageId: number | undefined;
        try {
          const response =
            method === 'GET'
              ? await call(index % 2 ? user : consultant, ['/api/advices', '/api/news-items', '/api/notifications/count'][counter % 3]!)
              : await call(user, '/api/discussions', { message: `Upgrade load ${counter}`, discussion_id: discussionId });
          status = response.status;
          if (method === 'POST' && status === 201) messageId = (JSON.parse(response.body) as MessageCreated).message.id;
        } catch (error) {
          status = (error as Error).message;
        }
        outcomes.push({ method, started, ended: Date.now(), status, messageId });
        await sleep(25);
      }
    };
    const load = Array.from({ length: CLIENTS }, (_, index) => client(index));

    const steps: string[] = [];
    const upgraded: ServerProcess[] = [];
    /** While each process was being replaced. */
    const windows: { which: string; from: number; to: number }[] = [];
    try {
      await sleep(1000);
      for (const which of ['a', 'b'] as const) {
        const from = Date.now();
        const times = await deployment.replace(which, { MIGRATIONS_DIR: next });
        windows.push({ which, from, to: Date.now() });
        upgraded.push(deployment[which]);
        steps.push(
          `${which}: out of nginx in ${(times.takenOut / 1000).toFixed(1)} s, drained and stopped in ${(times.stopped / 1000).toFixed(1)} s, ` +
            `new release ready in ${(times.started / 1000).toFixed(1)} s`,
        );
        await sleep(1000);
      }
    } finally {
      running = false;
      await Promise.all(load);
    }

    const failed = outcomes.filter((item) => typeof item.status !== 'number' || item.status >= 500);
    const acknowledged = outcomes.filter((item) => item.messageId !== undefined).map((item) => item.messageId!);
    const writes = outcomes.filter((item) => item.method === 'POST');
    const longest = Math.max(...outcomes.map((item) => item.ended - item.started));
    // The longest time in which no request through nginx was answered.
    const ends = outcomes.map((item) => item.ended).sort((x, y) => x - y);
    const pause = Math.max(...ends.slice(1).map((end, index) => end - ends[index]!));
    const writesDuring = windows.map(
      ({ which, from, to }) =>
        [which, outcomes.filter((item) => item.messageId !== undefined && item.started >= from && item.ended <= to).length] as const,
    );
    const { rows: kept } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM messages WHERE id = ANY($1)', [
      acknowledged,
    ]);
    const { rows: written } = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM messages WHERE discussion_id = $1 AND message LIKE 'Upgrade load %'`,
      [discussionId],
    );
    // What nginx said about the failures, to tell a refused connection from a process that cut an answer.
    if (failed.length)
      console.log(deployment.nginxOutput().slice(-6000), JSON.stringify(failed.slice(0, 3)), JSON.stringify(failed.slice(-3)), steps);
    // Figures for docs/operations.md (printed, not asserted).
    console.log(
      `rolling upgrade: ${outcomes.length} requests, ${writes.length} writes (${acknowledged.length} acknowledged, ${kept[0]!.count} in the database), ` +
        `5xx or errors ${failed.length}, longest request ${longest} ms, longest pause ${pause} ms; ` +
        `writes acknowledged while replacing ${writesDuring.map(([which, count]) => `${which} ${count}`).join(', ')}; ${steps.join('; ')}`,
    );
    assert.deepEqual(
      failed.map((item) => `${item.method} ${item.status}`),
      [],
      'no request through nginx failed',
    );
    assert.ok(outcomes.every((item) => item.status === 200 || item.status === 201));
    for (const [which, count] of writesDuring) assert.ok(count > 0, `writes went on while process ${which} was replaced`);
    assert.equal(kept[0]!.count, acknowledged.length, 'every acknowledged write is in the database');
    assert.equal(written[0]!.count, acknowledged.length, 'and no write was done twice');

    // The upgrade: the migration recorded once, applied by the first new process, and the schema expanded.
    const { rows: recorded } = await db.query<{ version: string }>('SELECT version FROM schema_migrations WHERE version = $1', [
      DRILL_VERSION,
    ]);
    assert.equal(recorded.length, 1);
    const appliedBy = upgraded.map((server) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"database ready"'))
        .map((line) => (JSON.parse(line) as { applied: string[] }).applied),
    );
    assert.deepEqual(
      appliedBy,
      [[[`${DRILL_VERSION}_upgrade_drill`]], [[]]],
      'the first new process applied it, the second found it applied',
    );
    const { rows: columns } = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'messages' AND column_name = 'upgrade_drill_note'`,
    );
    assert.equal(columns.length, 1, 'the new column is there');
  });

  test('should apply a migration once when two processes start at once (an advisory lock)', async () => {
    const slow = mkdtempSync(join(tmpdir(), 'hub-next-release-'));
    try {
      // A migration that takes a while, so that the second start arrives while the first applies it.
      nextReleaseMigrations(slow, '9001', 'SELECT pg_sleep(0.5); CREATE TABLE upgrade_drill_twice (id serial PRIMARY KEY);');
      const starts = [
        await openPostgres({ connectionString: deployment.postgres.url }),
        await openPostgres({ connectionString: deployment.postgres.url }),
      ];
      try {
        const applied = await Promise.all(starts.map((each) => migrate(each, slow)));
        assert.deepEqual(applied.flat(), ['9001_upgrade_drill'], 'one of the two applied it, the other found it applied');
      } finally {
        for (const each of starts) await each.close();
      }
    } finally {
      rmSync(slow, { recursive: true, force: true });
    }
  });
});
