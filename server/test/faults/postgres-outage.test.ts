// @one-pass: a cluster of its own.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { MessageCreated } from '@hub/shared/api';
import { buildApp } from '../../src/app';
import { caller } from '../test-support/caller';
import { readSse } from '../test-support/sse-reader';
import { testConfig } from '../test-support/test-config';
import { startTestIdp, type TestIdp } from '../test-support/test-idp';
import { postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const USER = 'user@northwind.test';
const CONSULTANT = 'consultant@demo.test';
const bin = postgresBin();
// A cluster of its own that the test stops and starts: once per run (see // @one-pass), and only where PostgreSQL is installed.
const skip = bin ? false : 'PostgreSQL is not installed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL stops and comes back', { skip }, () => {
  let postgres: ThrowawayPostgres;
  let app: FastifyInstance;
  let idp: TestIdp;
  let address: string;
  let call: ReturnType<typeof caller>['call'];
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-outage-'));

  before(async () => {
    postgres = await startThrowawayPostgres(bin!);
    app = await buildApp(testConfig({ dataDir, databaseUrl: postgres.url }));
    idp = await startTestIdp();
    await idp.register(app);
    address = await app.listen({ port: 0, host: '127.0.0.1' });
    call = caller(app, idp).call;
  });

  after(async () => {
    // Each closed whatever becomes of the others: a failing app.close() must not leave the cluster
    // or the provider running after the file.
    await Promise.allSettled([app?.close(), idp?.close()]);
    postgres?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function openStream(email: string) {
    const ticket = (await call(email, 'POST', '/api/discussions/events/ticket')).json().ticket as string;
    return readSse(`${address}/api/discussions/events?ticket=${encodeURIComponent(ticket)}`);
  }

  test('should answer 503 with Retry-After while PostgreSQL is stopped, stay live, and resume with events and writes intact', async () => {
    // An acknowledged write before the outage, and a live stream open through it.
    const before = await call(USER, 'POST', '/api/discussions', { payload: { message: 'Written before the outage' } });
    assert.equal(before.statusCode, 201, before.body);
    const kept = (before.json() as MessageCreated).message.id;
    assert.equal((await call(USER, 'GET', '/api/advices')).statusCode, 200);
    const stream = await openStream(CONSULTANT);

    try {
      const stoppedAt = Date.now();
      await postgres.stop();
      const stopMs = Date.now() - stoppedAt;

      const read = await call(USER, 'GET', '/api/advices');
      const firstAnswerMs = Date.now() - stoppedAt;
      assert.equal(read.statusCode, 503, read.body);
      assert.ok(Number(read.headers['retry-after']) > 0, 'Retry-After in seconds');
      assert.deepEqual(Object.keys(read.json()).sort(), ['code', 'error', 'message', 'statusCode']);
      assert.equal(read.json().code, 'DATABASE_UNAVAILABLE', 'an outage, not a busy pool');
      const write = await call(USER, 'POST', '/api/discussions', { payload: { message: 'Written during the outage' } });
      assert.equal(write.statusCode, 503, write.body);
      assert.equal(write.json().code, 'DATABASE_UNAVAILABLE');
      assert.ok(write.headers['retry-after']);
      const ready = await app.inject('/api/health/ready');
      assert.equal(ready.statusCode, 503);
      assert.ok(ready.headers['retry-after']);
      assert.equal((await app.inject('/api/health/live')).statusCode, 200);
      // Load through a longer outage: every call answers, each one 503 (longer than the LISTEN
      // connection's first retry). Counted from the stop's end: on a busy machine pg_ctl stop alone
      // can take seconds (its checkpoint), which once left no time at all for these calls.
      const statuses = new Set<number>();
      const stopped = Date.now();
      for (let calls = 0; calls < 5 || Date.now() - stopped < 4000; calls += 1) {
        statuses.add((await call(USER, 'GET', '/api/news-items')).statusCode);
        await sleep(100);
      }
      assert.deepEqual([...statuses], [503]);
      // The pool's queue fills during the outage too: its timeouts must not read as "busy".
      const pool = app.db.stats?.();
      assert.equal(pool?.kind === 'postgres' ? pool.busy : -1, 0, 'no DATABASE_BUSY during an outage');

      // Back: no restart of the app, the pool reconnects on the next call.
      const restartedAt = Date.now();
      await postgres.start();
      let readyAgain = 0;
      for (let attempt = 0; attempt < 150 && readyAgain !== 200; attempt += 1) {
        readyAgain = (await app.inject('/api/health/ready')).statusCode;
        if (readyAgain !== 200) await sleep(200);
      }
      const recoveryMs = Date.now() - restartedAt;
      assert.equal(readyAgain, 200);
      assert.equal((await call(USER, 'GET', '/api/advices')).statusCode, 200);
      const { rows } = await app.db.query<{ id: number }>('SELECT id FROM messages WHERE id = $1', [kept]);
      assert.equal(rows.length, 1, 'the write acknowledged before the outage is there');

      // The LISTEN connection comes back by itself: a new message reaches the stream opened before the outage.
      let delivered = false;
      const written: number[] = [];
      for (let attempt = 0; attempt < 15 && !delivered; attempt += 1) {
        const created = await call(USER, 'POST', '/api/discussions', { payload: { message: `After the outage ${attempt}` } });
        assert.equal(created.statusCode, 201, created.body);
        const id = (created.json() as MessageCreated).message.id;
        written.push(id);
        for (let wait = 0; wait < 20 && !delivered; wait += 1) {
          delivered = stream.received.some((item) => item.event === 'message.created' && item.data.message_id === id);
          if (!delivered) await sleep(100);
        }
      }
      const listenBackMs = Date.now() - restartedAt;
      assert.ok(delivered, `no discussion event after the restart; got ${JSON.stringify(stream.received.map((item) => item.event))}`);
      // Those written before the LISTEN connection was back are not lost: the gap is read back from live_events.
      const heard = stream.received.filter((item) => item.event === 'message.created').map((item) => item.data.message_id);
      assert.deepEqual(heard, written, 'every message written after the restart reached the stream, in order');
      // Figures for docs/performance.md (printed, not asserted).
      console.log(
        `postgres outage: pg_ctl stop ${stopMs} ms, first answer (503) ${firstAnswerMs} ms after the stop; ` +
          `ready again ${recoveryMs} ms after pg_ctl start returned; discussion event over LISTEN ${listenBackMs} ms after`,
      );
    } finally {
      await stream.close();
    }
  });
});
