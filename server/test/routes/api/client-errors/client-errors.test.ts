// @one-pass: client errors go to the log.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/app';
import { DB_KIND, testConfig, testDb } from '../../../test-support/helper';
import { loginAs, startTestIdp, type TestIdp } from '../../../test-support/test-idp';

describe(`POST /api/client-errors (${DB_KIND})`, () => {
  // The app's own log, read back: what the route writes is the point of it.
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  let app: FastifyInstance;
  let idp: TestIdp;
  before(async () => {
    app = await buildApp(testConfig({ logLevel: 'warn' }), { db: await testDb(), fastify: { logger: { stream } } });
    await app.ready();
    idp = await startTestIdp();
    await idp.register(app);
  });
  after(async () => {
    await idp.close();
    await app.close();
  });

  const misfit = {
    kind: 'remote-misfit',
    remote: 'content',
    version: '0.2.0+2026-11-23T23:00:00.000Z',
    reasons: ['It is built against contract version 2; the shell accepts 1.'],
  };
  const report = async (body: unknown, email: string | null = 'user@northwind.test') =>
    app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: email ? { authorization: `Bearer ${await loginAs(app, idp, email)}` } : {},
      payload: body as Record<string, unknown>,
    });

  test('should write which remote, which build and why into the server log', async () => {
    const response = await report(misfit);
    assert.equal(response.statusCode, 204);
    const line = lines.find((entry) => String(entry.msg).startsWith('client error:'));
    assert.ok(line, `no client error in the log: ${JSON.stringify(lines)}`);
    assert.equal(
      line.msg,
      'client error: the remote "content" (build 0.2.0+2026-11-23T23:00:00.000Z) was not mounted: It is built against contract version 2; the shell accepts 1.',
    );
    assert.deepEqual(line.clientError, misfit);
    assert.equal(typeof line.userId, 'number');
  });

  test('should refuse an unknown remote, and an empty or oversized report', async () => {
    for (const body of [
      { ...misfit, remote: 'shell' },
      { ...misfit, reasons: [] },
      { ...misfit, reasons: Array.from({ length: 11 }, () => 'why') },
      { ...misfit, version: 'v'.repeat(201) },
      { ...misfit, reasons: ['r'.repeat(501)] },
    ]) {
      assert.equal((await report(body)).statusCode, 400, JSON.stringify(body).slice(0, 120));
    }
  });

  test('should log only the fields of the schema', async () => {
    lines.length = 0;
    assert.equal((await report({ ...misfit, remote: 'dashboards', stack: 'at somewhere' })).statusCode, 204);
    const line = lines.find((entry) => String(entry.msg).includes('"dashboards"'));
    assert.deepEqual(line?.clientError, { ...misfit, remote: 'dashboards' });
  });

  test('should answer 401 without a token', async () => {
    assert.equal((await report(misfit, null)).statusCode, 401);
  });
});
