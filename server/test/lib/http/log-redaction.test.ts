// @one-pass: log lines do not depend on the database.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { buildApp } from '../../../src/app';
import { redactUrl } from '../../../src/lib/http/log-redaction';
import { DB_KIND, testConfig, testDb } from '../../test-support/helper';

/** A destination stream for the server's pino logger: every line it writes, as text. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, destination: stream };
}

describe(`secrets in query strings never reach a log (${DB_KIND})`, () => {
  test('should redact only the secret parameters, keeping the rest as it came', () => {
    assert.equal(redactUrl('/api/discussions/events?ticket=abc.def.ghi'), '/api/discussions/events?ticket=[redacted]');
    assert.equal(
      redactUrl('/entrance?report=7&id_token=eyJ.x.y&lang=fr#top'),
      '/entrance?report=7&id_token=[redacted]&lang=fr#top',
      'other parameters and the fragment stay',
    );
    assert.equal(redactUrl('/x?TOKEN=1&Access_Token=2&a=b&code=3'), '/x?TOKEN=[redacted]&Access_Token=[redacted]&a=b&code=[redacted]');
    assert.equal(redactUrl('/x?%74icket=secret'), '/x?%74icket=[redacted]', 'an encoded name is still a ticket');
    assert.equal(redactUrl('/x?ticket'), '/x?ticket=[redacted]');
    assert.equal(redactUrl('/api/health'), '/api/health');
    assert.equal(redactUrl('/api/advices?page=2&search=token'), '/api/advices?page=2&search=token');
  });

  test("should keep a live events ticket and tokens out of the server's request log lines", async () => {
    const { lines, destination } = capture();
    const app = await buildApp(testConfig({ logLevel: 'info' }), {
      db: await testDb(),
      fastify: { logger: { level: 'info', stream: destination } },
    });
    try {
      await app.ready();
      const secrets = ['TICKET-SECRET-1234567890', 'IDTOKEN-SECRET-0987654321', 'ACCESS-SECRET-5555'];
      const urls = [
        `/api/discussions/events?ticket=${secrets[0]}`,
        `/api/v2/events?ticket=${secrets[0]}&x=1`,
        `/no/such/page?id_token=${secrets[1]}`,
        `/api/health?access_token=${secrets[2]}`,
        `/api/advices/999999999999?token=${secrets[2]}`,
      ];
      for (const url of urls) {
        const response = await app.inject({ url });
        assert.ok(response.statusCode < 500, `${url}: ${response.statusCode}`);
      }
      const text = lines.join('\n');
      assert.ok(lines.length >= urls.length, 'the requests were logged');
      assert.match(text, /\/api\/discussions\/events\?ticket=\[redacted\]/, 'the line is there, with the ticket redacted');
      for (const secret of secrets) assert.ok(!text.includes(secret), `${secret} reached the log`);
    } finally {
      await app.close();
    }
  });

  test('should send Referrer-Policy: no-referrer on every kind of response', async () => {
    const staticDir = join(testConfig().dataDir, 'static-referrer');
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>hub</title>');
    const app = await buildApp(testConfig({ staticDir }), { db: await testDb() });
    try {
      await app.ready();
      const image = (await (await testDb()).query<{ id: number; access_key: string }>(`SELECT id, access_key FROM images LIMIT 1`))
        .rows[0]!;
      for (const url of [
        '/api/health',
        '/api/auth/user',
        '/api/no-such-route',
        `/api/images/${image.id}/file/${image.access_key}`,
        '/api/discussions/events?ticket=bad',
        '/',
        '/advices',
      ]) {
        const response = await app.inject({ url });
        assert.equal(response.headers['referrer-policy'], 'no-referrer', `${url} (${response.statusCode})`);
      }
    } finally {
      await app.close();
    }
  });
});
