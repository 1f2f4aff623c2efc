import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, userId } from '../test-support/helper';
import { filesCaller } from '../test-support/files-caller';
import { signedInApp } from '../test-support/signed-in-app';
import { readSse, type SseStream } from '../test-support/sse-reader';

const USER = 'user@northwind.test';
const OTHER = 'user@contoso.test';
const ADMIN = 'admin@demo.test';

/** Resolves true when the stream ends within `ms`, false when it is still open then. */
const endsWithin = (stream: SseStream, ms: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

// A live stream opened with a ticket must not outlive the session it was opened in: sign-out,
// "end sessions", a change of rights or company end it (with a reconnect hint), so that what it
// hears is decided again by a new ticket, or refused.
describe(`live streams end with their session (${DB_KIND})`, () => {
  const hub = signedInApp();
  const files = filesCaller(
    () => hub.app,
    () => hub.idp,
  );
  let address = '';
  const listen = async () => (address ||= await hub.app.listen({ port: 0, host: '127.0.0.1' }));

  async function discussions(email: string): Promise<SseStream> {
    await listen();
    const ticket = (await hub.call(email, 'POST', '/api/discussions/events/ticket')).json().ticket as string;
    const stream = await readSse(`${address}/api/discussions/events?ticket=${encodeURIComponent(ticket)}`);
    await stream.waitFor('counters');
    return stream;
  }
  async function fileEvents(email: string): Promise<SseStream> {
    await listen();
    const ticket = ((await files.call(email, 'POST', '/api/v2/events/ticket')).json() as { ticket: string }).ticket;
    const stream = await readSse(`${address}/api/v2/events?ticket=${encodeURIComponent(ticket)}`);
    await stream.waitFor('counters');
    return stream;
  }

  test('should end both of a user’s streams when he signs out, and leave another user’s open', async () => {
    const [talk, exchange, others] = [await discussions(USER), await fileEvents(USER), await discussions(OTHER)];
    const logout = await hub.call(USER, 'POST', '/api/auth/logout');
    assert.ok(logout.statusCode < 300, logout.body);
    assert.ok(await endsWithin(talk, 5_000), 'the discussion stream ends');
    assert.ok(await endsWithin(exchange, 5_000), 'the file exchange stream ends');
    const hint = talk.received.at(-1);
    assert.equal(hint?.event, 'reconnect');
    assert.equal(hint?.data.reason, 'session changed');
    assert.equal(await endsWithin(others, 500), false, 'another user’s stream stays open');
    await others.close();
  });

  test('should end a user’s stream when an administrator ends his sessions or changes his rights', async () => {
    const nina = await userId(USER);
    const first = await discussions(USER);
    const ended = await hub.call(ADMIN, 'POST', `/api/admin/users/${nina}/end-sessions`);
    assert.ok(ended.statusCode < 300, ended.body);
    assert.ok(await endsWithin(first, 5_000), 'ended sessions end the stream');

    hub.forget();
    const second = await discussions(USER);
    const promoted = await hub.call(ADMIN, 'PUT', `/api/admin/users/${nina}`, { payload: { rights: ['user', 'contributor'] } });
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.ok(await endsWithin(second, 5_000), 'new rights end the stream opened on the old ones');
  });

  test('should keep a stream open through changes that do not touch its user’s session', async () => {
    const stream = await discussions(USER);
    const carl = await userId(OTHER);
    const changed = await hub.call(ADMIN, 'POST', `/api/admin/users/${carl}/end-sessions`);
    assert.ok(changed.statusCode < 300, changed.body);
    assert.equal(await endsWithin(stream, 1_000), false);
    await stream.close();
  });
});
