// @one-pass: its own processes, cluster and nginx.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { NOTIFICATION_STREAM_EVENTS, type Discussion, type MessageCreated } from '@hub/shared/api';
import type { Db } from '../../src/db/db';
import type { ServerProcess } from '../faults/server-process';
import { readSse } from '../test-support/sse-reader';
import { readUntil } from '../test-support/read-until';
import { deploymentMissing, served, sleep, startDeployment, type Deployment } from './deployment';

const USER = 'user@northwind.test';
const CONSULTANT = 'consultant@demo.test';
// Processes and a cluster of their own: once per run (see // @one-pass), where PostgreSQL and nginx are installed.
const skip = deploymentMissing();

describe('two server processes behind nginx (deploy/nginx.conf)', { skip }, () => {
  let deployment: Deployment;
  let db: Db;
  let a: ServerProcess;
  let b: ServerProcess;
  let front = '';
  const draftIds: number[] = [];

  before(async () => {
    deployment = await startDeployment({
      env: { LOG_LEVEL: 'info' },
      // Due drafts that both processes' first scheduler ticks (at start) race for.
      async prepare(database) {
        for (let index = 0; index < 3; index += 1) {
          const { rows } = await database.query<{ id: number }>(
            `INSERT INTO news_items (title, status, publish_at) VALUES ($1, 0, now() - interval '1 minute') RETURNING id`,
            [`Due draft ${index}`],
          );
          draftIds.push(rows[0]!.id);
        }
      },
    });
    ({ db, a, b, front } = deployment);
  });

  after(async () => {
    await deployment?.stop();
  });

  const signIn = (base: string, email: string) => deployment.signIn(base, email);

  const call = (base: string, token: string, path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });

  test('should serve the metrics of each process on its own loopback listener, never through nginx or the public port', async () => {
    for (const server of [a, b]) {
      const text = await (await fetch(server.metricsUrl)).text();
      assert.match(text, /^hub_http_requests_total\{/m, 'the process counts its requests');
    }
    assert.notEqual(a.metricsUrl, b.metricsUrl, 'one listener each');
    for (const base of [front, a.base, b.base]) {
      for (const path of ['/metrics', '/api/metrics']) {
        const response = await fetch(`${base}${path}`);
        assert.ok(!(await response.text()).includes('hub_http_requests_total'), `${base}${path} does not serve the metrics`);
      }
    }
    // Through nginx, the answer names its request id (nginx passes the upstream's header on).
    assert.ok((await fetch(`${front}/api/health/live`)).headers.get('x-request-id'));
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

  test("should bring a consultant's reply written on either process to the customer's bell through nginx", async () => {
    const consultant = await signIn(front, CONSULTANT);
    const user = await signIn(front, USER);
    const discussionId = ((await (await call(front, user, '/api/discussions')).json()) as { items: Discussion[] }).items[0]!.id;
    const ticket = ((await (await call(front, user, '/api/notifications/events/ticket', { method: 'POST' })).json()) as { ticket: string })
      .ticket;
    const stream = await readSse(`${front}/api/notifications/events?ticket=${encodeURIComponent(ticket)}`);
    try {
      // The stream starts with the count; each reply's notification follows it, then the count again.
      const start = await stream.waitFor(NOTIFICATION_STREAM_EVENTS.count);
      let unread = start.data.unread as number;
      // Each process keeps the count it answered (notification-hub.ts): both answer it now, and
      // both answer the new count once a reply is written on either, within the NOTIFY's delay.
      const countOn = async (base: string) =>
        ((await (await call(base, user, '/api/notifications/count')).json()) as { unread: number }).unread;
      const expectCounts = async (expected: number) => {
        for (const server of [a, b])
          assert.equal(
            await readUntil(
              () => countOn(server.base),
              (unread) => unread === expected,
              2_000,
            ),
            expected,
            `the count on ${server.base}`,
          );
      };
      await expectCounts(unread);
      // The bell's stream is on one of the two processes: a reply written on the other one reaches
      // it through PostgreSQL NOTIFY (the notifications' trigger), and nginx passes it on unbuffered.
      for (const [name, server] of [
        ['A', a],
        ['B', b],
      ] as const) {
        const seen = new Set(
          stream.received.filter((item) => item.event === NOTIFICATION_STREAM_EVENTS.notification).map((item) => item.data.id),
        );
        const created = await call(server.base, consultant, '/api/discussions', {
          method: 'POST',
          body: JSON.stringify({ message: `Replied on process ${name}`, discussion_id: discussionId }),
        });
        assert.equal(created.status, 201, await created.clone().text());
        const told = await stream.waitFor(
          NOTIFICATION_STREAM_EVENTS.notification,
          (item) => item.data.event === 'discussion.reply' && !seen.has(item.data.id),
          10_000,
        );
        assert.equal(told.data.path, '/contact', `process ${name}`);
        unread += 1;
        await stream.waitFor(NOTIFICATION_STREAM_EVENTS.count, (item) => item.data.unread === unread, 10_000);
        await expectCounts(unread);
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
    // A refuses at once (its own write drops what it keeps); B within a second, when the change's NOTIFY reaches it.
    assert.equal((await call(a.base, token, '/api/advices')).status, 401);
    const signedOut = Date.now();
    let onB = (await call(b.base, token, '/api/advices')).status;
    while (onB !== 401 && Date.now() - signedOut < 1_000) {
      await sleep(20);
      onB = (await call(b.base, token, '/api/advices')).status;
    }
    assert.equal(onB, 401, 'process B refuses, within a second, the token signed out on A');
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
