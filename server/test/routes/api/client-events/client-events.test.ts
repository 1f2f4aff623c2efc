import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { CLIENT_EVENTS_LIMITS, type ClientEvent } from '@hub/shared/api';
import { DB_KIND, testDb } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const OTHER = 'user@contoso.test';
const SPENDER = 'admin@demo.test';

async function register(remote: string, version: string): Promise<void> {
  await (
    await testDb()
  ).query(`INSERT INTO remote_releases (remote, version, manifest_url, contract_version) VALUES ($1, $2, $3, 1)`, [
    remote,
    version,
    `https://cdn.example.test/${remote}/${version}/mf-manifest.json`,
  ]);
}

async function counts(): Promise<Array<{ minute: string; remote: string; version: string; kind: string; count: number }>> {
  const { rows } = await (
    await testDb()
  ).query<{ minute: Date; remote: string; version: string; kind: string; count: string }>(
    'SELECT minute, remote, version, kind, count FROM remote_client_counts ORDER BY minute, remote, version, kind',
  );
  return rows.map((row) => ({ ...row, minute: new Date(row.minute).toISOString(), count: Number(row.count) }));
}

const event = (overrides: Partial<ClientEvent> = {}): ClientEvent => ({
  remote: 'content',
  version: '1.2.0',
  kind: 'mount',
  count: 1,
  ...overrides,
});

describe(`POST /api/client-events (${DB_KIND})`, () => {
  const hub = signedInApp();
  const send = (body: unknown, email = USER, headers: Record<string, string> = {}) =>
    hub.call(email, 'POST', '/api/client-events', { payload: body, headers });

  beforeEach(async () => {
    // Whatever an earlier test left counted in memory is written, then the table is empty again.
    await hub.app.clientEvents.flush();
    await (await testDb()).query('DELETE FROM remote_client_counts');
    await register('content', '1.2.0');
    await hub.app.clientEvents.flush();
  });

  test('should count a batch, summed per minute, remote, release and kind', async () => {
    const first = await send({
      events: [event(), event({ kind: 'boundary', count: 2, error_name: 'TypeError', file: '/remotes/content/1.2.0/app.js', line: 12 })],
    });
    assert.equal(first.statusCode, 204, first.body);
    assert.equal(
      (await send({ events: [event({ count: 3 }), event({ remote: 'contact', version: 'configured' })] }, OTHER)).statusCode,
      204,
    );
    await hub.app.clientEvents.flush();
    const rows = await counts();
    const minute = rows[0]!.minute;
    assert.equal(new Date(minute).getUTCSeconds(), 0);
    assert.deepEqual(
      rows.map(({ remote, version, kind, count }) => ({ remote, version, kind, count })),
      [
        { remote: 'contact', version: 'configured', kind: 'mount', count: 1 },
        { remote: 'content', version: '1.2.0', kind: 'boundary', count: 2 },
        { remote: 'content', version: '1.2.0', kind: 'mount', count: 4 },
      ],
    );
    // A later write adds to the same minute's row; another minute is a row of its own.
    const at = new Date(minute);
    hub.app.clientEvents.add([event({ count: 5 })], new Date(at.getTime() + 30_000));
    hub.app.clientEvents.add([event({ count: 7 })], new Date(at.getTime() + 60_000));
    await hub.app.clientEvents.flush();
    const mounts = (await counts()).filter((row) => row.remote === 'content' && row.kind === 'mount');
    assert.deepEqual(
      mounts.map((row) => [row.minute, row.count]),
      [
        [minute, 9],
        [new Date(at.getTime() + 60_000).toISOString(), 7],
      ],
    );
  });

  test('should drop the events of a release the registry does not hold', async () => {
    const response = await send({ events: [event({ version: '6.6.6' }), event({ remote: 'admin', version: '1.2.0' }), event()] });
    assert.equal(response.statusCode, 204);
    await hub.app.clientEvents.flush();
    assert.deepEqual(
      (await counts()).map(({ remote, version, count }) => ({ remote, version, count })),
      [{ remote: 'content', version: '1.2.0', count: 1 }],
    );
    const metrics = await hub.app.metrics.registry.metrics();
    assert.doesNotMatch(metrics, /6\.6\.6/);
    // Registered later, its events count from the next read of the registry on.
    await register('content', '6.6.6');
    assert.equal(hub.app.clientEvents.add([event({ version: '6.6.6' })]), 0);
    await hub.app.clientEvents.flush();
    assert.equal(hub.app.clientEvents.add([event({ version: '6.6.6' })]), 1);
  });

  test('should refuse a body past the bound with 413 and store nothing', async () => {
    const events = Array.from({ length: CLIENT_EVENTS_LIMITS.events }, () => event({ file: `/${'a'.repeat(299)}` }));
    const body = JSON.stringify({ events });
    assert.ok(body.length > CLIENT_EVENTS_LIMITS.bodyBytes, String(body.length));
    const response = await send(body, USER, { 'content-type': 'application/json' });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().statusCode, 413);
    assert.equal(typeof response.json().message, 'string');
    await hub.app.clientEvents.flush();
    assert.deepEqual(await counts(), []);
  });

  test('should refuse a malformed batch with 400 and store none of it', async () => {
    const bad: unknown[] = [
      '{"events": [',
      {},
      { events: [] },
      { events: Array.from({ length: CLIENT_EVENTS_LIMITS.events + 1 }, () => event()) },
      { events: [event(), event({ kind: 'crash' as ClientEvent['kind'] })] },
      { events: [event(), event({ count: 0 })] },
      { events: [event(), event({ remote: 'shell' as ClientEvent['remote'] })] },
      { events: [event(), event({ file: '/app.js?token=secret' })] },
      { events: [event(), event({ error_name: 'Cannot read properties of undefined' })] },
    ];
    for (const body of bad) {
      const response =
        typeof body === 'string' ? await send(body, USER, { 'content-type': 'application/json' }) : await send(body as object);
      assert.equal(response.statusCode, 400, `${JSON.stringify(body).slice(-100)}: ${response.body}`);
      assert.equal(response.json().statusCode, 400);
    }
    await hub.app.clientEvents.flush();
    assert.deepEqual(await counts(), []);
  });

  test('should answer 429 past a person’s budget, count nothing of it, and leave another person unaffected', async () => {
    const perMinute = hub.app.config.telemetry!.eventsPerMinute;
    const batch = { events: Array.from({ length: 10 }, () => event({ count: perMinute / 20 })) };
    // A person no other test of this file sends for: their whole budget is theirs to spend here.
    assert.equal((await send(batch, SPENDER)).statusCode, 204);
    assert.equal((await send(batch, SPENDER)).statusCode, 204);
    const refused = await send(batch, SPENDER);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error, 'Too Many Requests');
    assert.ok(Number(refused.headers['retry-after']) >= 1, String(refused.headers['retry-after']));
    assert.equal((await send({ events: [event()] }, OTHER)).statusCode, 204);
    await hub.app.clientEvents.flush();
    assert.deepEqual(
      (await counts()).map((row) => row.count),
      [perMinute + 1],
    );
  });

  test('should count in the Prometheus metrics what this process accepted', async () => {
    await register('dashboards', '2.0.0-rc.1');
    await hub.app.clientEvents.flush();
    const read = async () => hub.app.metrics.registry.metrics();
    const value = (text: string, line: string) =>
      Number(new RegExp(`^${line.replace(/[{}"]/g, '\\$&')} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const mounts = 'hub_remote_mounts_total{remote="dashboards",release="2.0.0-rc.1"}';
    const unhandled = 'hub_remote_errors_total{remote="dashboards",release="2.0.0-rc.1",kind="unhandled"}';
    const before = await read();
    // Another person than the earlier tests' (the budget is this process's memory, kept between tests).
    const response = await send(
      {
        events: [
          event({ remote: 'dashboards', version: '2.0.0-rc.1', count: 4 }),
          event({ remote: 'dashboards', version: '2.0.0-rc.1', kind: 'unhandled', count: 2, error_name: 'RangeError' }),
        ],
      },
      'publisher@demo.test',
    );
    assert.equal(response.statusCode, 204);
    const after = await read();
    assert.equal(value(after, mounts) - value(before, mounts), 4, after);
    assert.equal(value(after, unhandled) - value(before, unhandled), 2, after);
    assert.match(after, /# TYPE hub_remote_errors_total counter/);
  });

  test('should answer 401 without a token', async () => {
    const response = await hub.app.inject({ method: 'POST', url: '/api/client-events', payload: { events: [event()] } });
    assert.equal(response.statusCode, 401);
  });
});
