// @one-pass: metrics and log lines do not depend on the database.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/plugins/external/config';
import { DB_KIND, testConfig, testDb } from '../../test-support/helper';
import { freePort } from '../../faults/throwaway-postgres';

/** Every log line the app writes, parsed. */
function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe(`metrics, request ids and request log lines (${DB_KIND})`, () => {
  let app: FastifyInstance;
  let base: string;
  let metricsUrl: string;
  const log = logCollector();

  before(async () => {
    const metricsPort = await freePort();
    app = await buildApp(testConfig({ metricsPort, logLevel: 'info' }), {
      db: await testDb(),
      fastify: { logger: { level: 'info', stream: log.stream } },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  });
  after(async () => {
    await app?.close();
  });

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    return response.text();
  };
  /** The value of one sample, e.g. sample(text, 'hub_http_requests_total{method="GET",…}'); undefined when absent. */
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((each) => each.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  test('should count a request under its route pattern, never its raw path, on the metrics listener', async () => {
    const series = 'hub_http_requests_total{method="GET",route="/api/advices/:id",status="401"}';
    const before = sample(await scrape(), series) ?? 0;
    const response = await fetch(`${base}/api/advices/4242`);
    assert.equal(response.status, 401);
    // onResponse runs once the answer is sent: the count may land just after the client has it.
    let text = '';
    for (let attempt = 0; attempt < 50; attempt += 1) {
      text = await scrape();
      if ((sample(text, series) ?? 0) > before) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(sample(text, series), before + 1, text);
    assert.ok(!text.includes('4242'), 'no raw path in any label');
    assert.ok(
      (sample(text, 'hub_http_request_duration_seconds_count{method="GET",route="/api/advices/:id"}') ?? 0) >= 1,
      'the duration histogram has the request',
    );
    // The other families: process figures, pool or queue, live streams, cache, 503s by cause.
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'hub_live_streams{channel="discussions"}',
      'hub_live_streams{channel="file-exchange"}',
      'hub_live_streams{channel="notifications"}',
      'hub_cache_hits_total',
      'hub_cache_misses_total',
      'hub_notification_count_hits_total',
      'hub_notification_count_misses_total',
      'hub_http_service_unavailable_total{code="DATABASE_BUSY"}',
      'hub_http_service_unavailable_total{code="DATABASE_UNAVAILABLE"}',
      DB_KIND === 'postgres' ? 'hub_db_pool_connections{state="max"}' : 'hub_db_pglite_queue',
      DB_KIND === 'postgres' ? 'hub_db_ordered_pool_connections{state="max"}' : 'hub_db_pglite_queue',
    ])
      assert.notEqual(sample(text, name), undefined, `${name} in the scrape`);
  });

  test('should count cache hits and misses', async () => {
    const text = await scrape();
    const hits = sample(text, 'hub_cache_hits_total')!;
    const misses = sample(text, 'hub_cache_misses_total')!;
    const key = `metrics-test-${Date.now()}`;
    await app.hubCache.get(key, async () => 1);
    await app.hubCache.get(key, async () => 1);
    const after = await scrape();
    assert.equal(sample(after, 'hub_cache_misses_total'), misses + 1);
    assert.equal(sample(after, 'hub_cache_hits_total'), hits + 1);
  });

  test('should not serve the metrics on the public port', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await fetch(`${base}${path}`);
      assert.notEqual(response.status, 200, path);
      assert.ok(!(await response.text()).includes('hub_http_requests_total'), path);
    }
    // And the metrics listener serves nothing else.
    assert.equal((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status, 404);
  });

  test('should give every answer a request id, keep a well-formed one, replace any other', async () => {
    const fresh = await fetch(`${base}/api/health/live`);
    assert.match(fresh.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const again = await fetch(`${base}/api/health/live`);
    assert.notEqual(again.headers.get('x-request-id'), fresh.headers.get('x-request-id'));

    const kept = await fetch(`${base}/api/health/live`, { headers: { 'x-request-id': 'lb-7f3a.2_x' } });
    assert.equal(kept.headers.get('x-request-id'), 'lb-7f3a.2_x');
    for (const bad of ['a'.repeat(65), 'has space', 'semi;colon', '../etc/passwd', '']) {
      const replaced = await fetch(`${base}/api/health/live`, { headers: { 'x-request-id': bad } });
      assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/, `"${bad}" replaced`);
    }
    // An error answer and a 404 carry it too.
    assert.ok((await fetch(`${base}/api/advices/1`)).headers.get('x-request-id'));
    assert.ok((await fetch(`${base}/api/no-such-route`)).headers.get('x-request-id'));
  });

  test('should log one line per request, at completion, with its id, route pattern, status and duration, secrets redacted', async () => {
    const id = `log-test-${Date.now()}`;
    const response = await fetch(`${base}/api/advices/77?ticket=s3cr3t-value`, { headers: { 'x-request-id': id } });
    assert.equal(response.status, 401);
    let mine: Record<string, unknown>[] = [];
    for (let attempt = 0; attempt < 50 && !mine.some((line) => line.msg === 'request completed'); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      mine = log.lines.filter((line) => line.reqId === id);
    }
    const completed = mine.filter((line) => line.msg === 'request completed');
    assert.equal(completed.length, 1, JSON.stringify(mine));
    assert.ok(!mine.some((line) => line.msg === 'incoming request'), 'no line at the start');
    const line = completed[0]!;
    assert.equal(line.method, 'GET');
    assert.equal(line.route, '/api/advices/:id');
    assert.equal(line.statusCode, 401);
    assert.equal(typeof line.ms, 'number');
    assert.equal(line.url, '/api/advices/77?ticket=[redacted]');
    // Every line of that request (the refusal's too) carries its id, and no line carries the secret.
    assert.ok(mine.length >= 1);
    assert.ok(!JSON.stringify(log.lines).includes('s3cr3t-value'));
  });
});

describe('METRICS_PORT', () => {
  test('should default to 9464, turn off with 0, refuse a bad value or the public port', async () => {
    const env = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/hub-metrics-config-test' };
    assert.equal((await loadConfig(env)).metricsPort, 9464);
    assert.equal((await loadConfig({ ...env, METRICS_PORT: '0' })).metricsPort, 0);
    assert.equal((await loadConfig({ ...env, METRICS_PORT: '9100' })).metricsPort, 9100);
    await assert.rejects(loadConfig({ ...env, METRICS_PORT: 'nine' }), /METRICS_PORT must be an integer/);
    await assert.rejects(loadConfig({ ...env, METRICS_PORT: '70000' }), /METRICS_PORT must be an integer/);
    await assert.rejects(loadConfig({ ...env, PORT: '9000', METRICS_PORT: '9000' }), /METRICS_PORT must differ from PORT/);
  });

  test('should open no listener when 0 or unset', async () => {
    const app = await buildApp(testConfig(), { db: await testDb(), fastify: { logger: false } });
    try {
      await app.ready();
      assert.equal(app.metrics.port(), null);
    } finally {
      await app.close();
    }
  });
});
