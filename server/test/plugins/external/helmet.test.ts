// @one-pass: headers do not depend on the database.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, DB_KIND, testConfig } from '../../test-support/helper';

/** The CSP directives of one answer, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) found.set(name, values);
  }
  return found;
}

describe(`security headers (${DB_KIND})`, () => {
  const staticDir = () => {
    const dir = join(testConfig().dataDir, 'static-headers');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>hub</title><script src="/main.js"></script>');
    return dir;
  };
  const pages = ['/home', '/api/health', '/api/auth/user', '/api/no-such-route'];

  async function check(app: FastifyInstance, assertion: (url: string, headers: Record<string, unknown>) => void) {
    for (const url of pages) {
      const response = await app.inject({ url, headers: { accept: url.startsWith('/api') ? 'application/json' : 'text/html' } });
      assertion(url, response.headers);
    }
  }

  test('should send a CSP with no inline or eval script, no plugins, and frame-ancestors set, on pages and API answers', async () => {
    const app = await build({ staticDir: staticDir(), nodeEnv: 'production' });
    await check(app, (url, headers) => {
      const csp = directives(headers['content-security-policy'] as string);
      const scripts = csp.get('script-src') ?? csp.get('default-src');
      assert.ok(scripts, `${url}: script-src`);
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', '*', 'http:', 'https:']) {
        assert.ok(!scripts.includes(unsafe), `${url}: script-src allows ${unsafe}`);
      }
      assert.deepEqual(csp.get('object-src'), ["'none'"], url);
      assert.deepEqual(csp.get('frame-ancestors'), ["'self'"], `${url}: frame-ancestors`);
      assert.deepEqual(csp.get('base-uri'), ["'self'"], url);
      assert.equal(headers['x-content-type-options'], 'nosniff', url);
      assert.equal(headers['referrer-policy'], 'no-referrer', url);
    });
  });

  test('should send HSTS in production, even behind a proxy that speaks plain http to the server', async () => {
    const app = await build({ staticDir: staticDir(), nodeEnv: 'production', publicUrl: 'http://hub.internal:8080' });
    await check(app, (url, headers) => {
      assert.match(String(headers['strict-transport-security']), /^max-age=\d{7,}/, url);
    });
    const https = await build({ staticDir: staticDir(), publicUrl: 'https://hub.example' });
    assert.match(String((await https.inject('/api/health')).headers['strict-transport-security']), /^max-age=\d{7,}/);
  });

  test('should not send HSTS in development over http (it would pin localhost to https)', async () => {
    const app = await build({ staticDir: staticDir(), nodeEnv: 'development' });
    await check(app, (url, headers) => assert.equal(headers['strict-transport-security'], undefined, url));
  });
});
