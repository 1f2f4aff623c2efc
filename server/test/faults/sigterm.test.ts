import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { DB_KIND } from '../test-support/helper';
import { SESSION_SECRET, startServerProcess, type ServerProcess } from './server-process';

// A process of its own on embedded PGlite: once per run, in the PGlite pass.
const skip = DB_KIND !== 'pglite' ? 'runs once, in the PGlite pass' : false;

/**
 * An events ticket as the server issues it (lib/auth/signed-tickets.ts), signed with the process's
 * session secret, with the token version of a user who never signed out (0).
 */
const ticketFor = (userId: number) =>
  new SignJWT({ tv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('urn:client-hub:server')
    .setAudience('hub-discussion-events')
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(new TextEncoder().encode(SESSION_SECRET));

describe('SIGTERM', { skip }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-sigterm-'));
  let server: ServerProcess | undefined;
  after(() => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('should finish the request in flight, end live streams with a reconnect hint and exit with code 0', async () => {
    server = await startServerProcess(dataDir);
    const { base, port, child } = server;

    // A live stream, open.
    const stream = await fetch(`${base}/api/discussions/events?ticket=${encodeURIComponent(await ticketFor(1))}`);
    assert.equal(stream.status, 200, await (stream.status === 200 ? Promise.resolve('') : stream.text()));
    let streamText = '';
    const streamEnded = (async () => {
      const reader = stream.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        streamText += Buffer.from(value).toString('utf8');
      }
    })();

    // A slow request in flight: its body arrives in two parts, the second after the SIGTERM.
    const body = JSON.stringify({ token: 'not-a-jwt', provider: 'default' });
    const slow = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const slowAnswer = new Promise<number>((resolve, reject) => {
      slow.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, 10));
    // The same on a kept-alive connection, as nginx holds them: the next request follows on it after the signal.
    const kept = connect(port, '127.0.0.1');
    let keptText = '';
    kept.setEncoding('utf8');
    kept.on('data', (chunk: string) => (keptText += chunk));
    const keptClosed = new Promise((resolve) => kept.on('close', resolve));
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    kept.write(head + body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));

    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    slow.end(body.slice(10));
    kept.write(`${body.slice(10)}GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);

    assert.equal(await slowAnswer, 401, 'the request in flight is answered (a bad token is refused)');
    await keptClosed;
    const statuses = [...keptText.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    // Answered, not refused with a 503 (which nginx would not send to the other process), and the connection closed after.
    assert.deepEqual(statuses, [401, 200], keptText);
    assert.match(keptText, /^connection: close\r$/im);
    await streamEnded;
    assert.match(streamText, /retry: \d+\n/, 'a reconnect hint (retry:) before the end');
    assert.match(streamText, /event: reconnect\n/);
    const { code, signal } = await server.exited;
    assert.deepEqual({ code, signal }, { code: 0, signal: null }, server.output());
    // And it took no new request after the signal: nothing listens on the port any more.
    await assert.rejects(fetch(`${base}/api/health/live`));
  });
});
