// @one-pass: static files do not depend on the database.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { isHashedFile } from '../../../../src/plugins/app/static/static-hosting';
import { build, DB_KIND, testConfig, removeWithFile } from '../../../test-support/helper';

/** A fake build: the shell and one remote, with hashed and unhashed files as webpack names them. */
const staticDir = removeWithFile(mkdtempSync(join(tmpdir(), 'hub-static-')));

function write(path: string, content: string) {
  mkdirSync(join(staticDir, path, '..'), { recursive: true });
  writeFileSync(join(staticDir, path), content);
}

describe(`static hosting (${DB_KIND})`, () => {
  let app: FastifyInstance;
  before(async () => {
    write(
      'shell/dist/index.html',
      '<!doctype html><html><head><title>Client Hub</title></head><body><div id="root"></div><script src="/main.3f9a1c2b7d.js"></script></body></html>',
    );
    write('shell/dist/main.3f9a1c2b7d.js', 'console.log("shell")');
    write('shell/dist/favicon.ico', 'icon');
    write('remote-content/dist/mf-manifest.json', '{"name":"content"}');
    write('remote-content/dist/remoteEntry.js', 'var content;');
    write('remote-content/dist/812.a1b2c3d4.js', 'chunk');
    // The build's precompressed copies (shared/build/webpack.cjs writes .br and .gz beside each script).
    const chunk = 'export const words = "chunk of a remote";';
    write('remote-content/dist/913.b2c3d4e5.js', chunk);
    writeFileSync(join(staticDir, 'remote-content/dist/913.b2c3d4e5.js.br'), brotliCompressSync(chunk));
    writeFileSync(join(staticDir, 'remote-content/dist/913.b2c3d4e5.js.gz'), gzipSync(chunk));
    app = await build({ staticDir });
  });

  test('should cache a hashed file for a year, immutably', async () => {
    const response = await app.inject('/main.3f9a1c2b7d.js');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(response.body, 'console.log("shell")');
  });

  test('should make index.html, the manifest, remoteEntry.js and unhashed files revalidate', async () => {
    const index = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    assert.equal(index.statusCode, 200);
    assert.equal(index.headers['cache-control'], 'no-cache');
    assert.match(index.body, /<div id="root">/);
    for (const url of ['/remotes/content/mf-manifest.json', '/remotes/content/remoteEntry.js', '/favicon.ico']) {
      const response = await app.inject(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
    }
  });

  test("should put the browser's public configuration into the page as meta tags, escaped", async () => {
    const plain = await app.inject({ url: '/home', headers: { accept: 'text/html' } });
    assert.doesNotMatch(plain.body, /hub-reporting-host|hub-projects-url/);

    const configured = await build({
      staticDir,
      reportingHost: 'https://reports.northwind.test:8443',
      projectsUrl: 'https://projects.example.test/?a=1&b="2"',
    });
    const page = await configured.inject({ url: '/home', headers: { accept: 'text/html' } });
    assert.match(page.body, /<meta name="hub-reporting-host" content="reports\.northwind\.test:8443">/);
    assert.match(
      page.body,
      /<meta name="hub-projects-url" content="https:\/\/projects\.example\.test\/\?a=1&amp;b=&quot;2&quot;"><\/head>/,
    );
  });

  test('should serve remote files to any origin', async () => {
    const response = await app.inject('/remotes/content/812.a1b2c3d4.js');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('should send the precompressed copy a browser accepts, and the plain file to one that accepts none', async () => {
    const url = '/remotes/content/913.b2c3d4e5.js';
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(brotli.statusCode, 200);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.match(brotli.headers['content-type'] as string, /javascript/);
    assert.match(String(brotli.headers.vary), /accept-encoding/i);
    assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(brotliDecompressSync(brotli.rawPayload).toString(), 'export const words = "chunk of a remote";');

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, 'export const words = "chunk of a remote";');
  });

  test("should answer deep links with the shell's index.html", async () => {
    for (const url of ['/home', '/login?code=abc&state=x', '/advices/details/3', '/pages/misc/not-found/some/page']) {
      const response = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      assert.equal(response.statusCode, 200, url);
      assert.match(response.headers['content-type'] as string, /text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.match(response.body, /<div id="root">/);
    }
  });

  test('should keep 404s for the API, the remotes, missing assets and non-HTML requests', async () => {
    const cases = [
      { url: '/api/nothing-here', accept: 'text/html' },
      { url: '/remotes/content/missing.js', accept: 'text/html' },
      { url: '/remotes/admin/mf-manifest.json', accept: '*/*' },
      { url: '/missing.12345678.js', accept: '*/*' },
    ];
    for (const { url, accept } of cases) {
      const response = await app.inject({ url, headers: { accept } });
      assert.equal(response.statusCode, 404, url);
      assert.match(response.headers['content-type'] as string, /application\/json/, `${url}: ${response.body}`);
      assert.deepEqual(Object.keys(response.json()).sort(), ['error', 'message', 'statusCode'], url);
    }
  });

  test('should send a CSP that lets the bundles run and dashboards be framed', async () => {
    const csp = (await app.inject({ url: '/home', headers: { accept: 'text/html' } })).headers['content-security-policy'] as string;
    assert.match(csp, /script-src 'self'(;| )/);
    assert.doesNotMatch(csp, /unsafe-eval/);
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /frame-src https:/);
    assert.match(csp, /img-src 'self' data: blob: https:/);
  });

  test('should let a remote on its own dev server run, in development only', async () => {
    const remotes = { ...testConfig().remotes, content: 'http://localhost:3001/mf-manifest.json' };
    const dev = await build({ staticDir, nodeEnv: 'development', remotes });
    const csp = (await dev.inject({ url: '/home', headers: { accept: 'text/html' } })).headers['content-security-policy'] as string;
    assert.match(csp, /script-src 'self' http:\/\/localhost:3001 'unsafe-eval'/);
    assert.match(csp, /connect-src 'self' http:\/\/localhost:3001/);
  });

  test('should tell hashed names from the others', () => {
    assert.equal(isHashedFile('main.3f9a1c2b7d.js'), true);
    assert.equal(isHashedFile('/x/812.a1b2c3d4.css'), true);
    assert.equal(isHashedFile('remoteEntry.js'), false);
    assert.equal(isHashedFile('mf-manifest.json'), false);
    assert.equal(isHashedFile('vendors-react.js'), false);
    assert.equal(isHashedFile('main.3f9a1c.js'), false);
  });
});

describe(`without a frontend build (${DB_KIND})`, () => {
  test('should start anyway and answer the API', async () => {
    const app = await build({ staticDir: join(staticDir, 'nowhere') });
    assert.equal((await app.inject('/api/health')).statusCode, 200);
    assert.equal((await app.inject({ url: '/home', headers: { accept: 'text/html' } })).statusCode, 404);
  });
});
