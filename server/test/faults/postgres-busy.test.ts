// @one-pass: a cluster of its own.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import type { Queryable } from '../../src/db/db';
import { testConfig } from '../test-support/test-config';
import { freePort, postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const bin = postgresBin();
// A cluster of its own that the test fills, cuts and stops: once per run (see // @one-pass), and only where PostgreSQL is installed.
const skip = bin ? false : 'PostgreSQL is not installed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a busy pool, a lost LISTEN connection and an outage, told apart', { skip }, () => {
  let postgres: ThrowawayPostgres;
  let app: FastifyInstance;
  let metricsUrl: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-busy-'));

  before(async () => {
    postgres = await startThrowawayPostgres(bin!);
    const metricsPort = await freePort();
    app = await buildApp(testConfig({ dataDir, databaseUrl: postgres.url, metricsPort }));
    await app.ready();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  });

  after(async () => {
    await app?.close();
    postgres?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const sample = async (series: string) => {
    const text = await (await fetch(metricsUrl)).text();
    const line = text.split('\n').find((each) => each.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  test('should answer 503 DATABASE_BUSY with Retry-After while every pool connection is held, then serve again', async () => {
    const max = (await sample('hub_db_pool_connections{state="max"}'))!;
    assert.ok(max > 0, 'the pool size is in the metrics');
    // Every connection of the pool held by a transaction that waits for the test.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    const holders = Array.from({ length: max }, () =>
      app.db.transaction(async (tx: Queryable) => {
        await tx.query('SELECT 1');
        holding += 1;
        await released;
      }),
    );
    try {
      while (holding < max) await sleep(20);
      assert.equal(await sample('hub_db_pool_connections{state="idle"}'), 0);
      const response = await app.inject('/api/health');
      assert.equal(response.statusCode, 503, response.body);
      assert.equal(response.json().code, 'DATABASE_BUSY');
      assert.equal(response.json().error, 'Service Unavailable');
      assert.equal(response.headers['retry-after'], '1');
      // The database itself is fine: a connection outside the pool is served at once.
      const outside = new pg.Client({ connectionString: postgres.url });
      await outside.connect();
      assert.equal((await outside.query('SELECT 1 AS one')).rows[0].one, 1);
      await outside.end();
    } finally {
      release();
      await Promise.all(holders);
    }
    assert.equal((await app.inject('/api/health')).statusCode, 200);
    assert.equal(await sample('hub_http_service_unavailable_total{code="DATABASE_BUSY"}'), 1);
    assert.equal(await sample('hub_http_service_unavailable_total{code="DATABASE_UNAVAILABLE"}'), 0);
    // The health call at least; a background job that ran during the hold (the scheduled publishing's
    // tick) is refused the same way and counted too.
    assert.ok((await sample('hub_db_pool_busy_total'))! >= 1, 'the refused call is counted');
    assert.ok((await sample('hub_db_pool_waits_total'))! >= 1, 'the call that waited is counted');
  });

  test('should not be ready while a LISTEN connection is lost, and be ready again once it is back', async () => {
    assert.equal((await app.inject('/api/health/ready')).statusCode, 200);
    const channels = (await sample('hub_db_listen_connections{state="total"}'))!;
    assert.ok(channels >= 1);
    assert.equal(await sample('hub_db_listen_connections{state="connected"}'), channels);
    // Cut this server's LISTEN connections from the database side (the pool's stay).
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`);
    } finally {
      await admin.end();
    }
    // The server learns of the loss when its socket closes, a moment after the termination: until
    // then it is still ready. From then on it is not, until every one is back (0.25 s after the
    // loss at the earliest).
    const reasons: string[] = [];
    let ready = true;
    for (let attempt = 0; attempt < 500 && ready; attempt += 1) {
      const response = await app.inject('/api/health/ready');
      ready = response.statusCode === 200;
      if (!ready) reasons.push(response.json().reason as string);
      else await sleep(10);
    }
    assert.ok(reasons.includes('live listener disconnected'), `not ready while it was lost: ${JSON.stringify(reasons)}`);
    for (let attempt = 0; attempt < 500 && !ready; attempt += 1) {
      await sleep(10);
      ready = (await app.inject('/api/health/ready')).statusCode === 200;
    }
    assert.ok(ready, 'ready again once it is back');
    assert.equal(await sample('hub_db_listen_connections{state="connected"}'), channels);
    assert.equal((await app.inject('/api/health/live')).statusCode, 200);
  });

  test('should answer 503 DATABASE_UNAVAILABLE with Retry-After while PostgreSQL is stopped, counted apart', async () => {
    await postgres.stop();
    try {
      const response = await app.inject('/api/health');
      assert.equal(response.statusCode, 503, response.body);
      assert.equal(response.json().code, 'DATABASE_UNAVAILABLE');
      assert.equal(response.headers['retry-after'], '5');
      const ready = await app.inject('/api/health/ready');
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.json().reason, 'database unavailable');
      assert.equal(await sample('hub_http_service_unavailable_total{code="DATABASE_UNAVAILABLE"}'), 1);
      assert.equal(await sample('hub_http_service_unavailable_total{code="DATABASE_BUSY"}'), 1, 'the busy count did not move');
    } finally {
      await postgres.start();
    }
    let status = 0;
    for (let attempt = 0; attempt < 150 && status !== 200; attempt += 1) {
      status = (await app.inject('/api/health/ready')).statusCode;
      if (status !== 200) await sleep(100);
    }
    assert.equal(status, 200);
  });
});
