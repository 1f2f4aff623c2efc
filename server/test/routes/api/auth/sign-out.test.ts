import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, DB_KIND, testDb, userId } from '../../../test-support/helper';
import { auditLines } from '../../../test-support/caller';
import { filesLoginAs } from '../../../test-support/files-caller';
import { signedInApp } from '../../../test-support/signed-in-app';
import { loginAs } from '../../../test-support/test-idp';

const USER = 'user@northwind.test';
const COLLEAGUE = 'contributor@northwind.test';
const ADMIN = 'admin@demo.test';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
const myFiles = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/v2/counters', headers: bearer(token) });

describe(`sign-out ends access (${DB_KIND})`, () => {
  const hub = signedInApp();

  test('should refuse a hub and a files token taken before sign-out, and only that person', async () => {
    const { app, idp } = hub;
    const hubToken = await loginAs(app, idp, USER);
    const filesToken = await filesLoginAs(app, idp, USER);
    const colleague = await loginAs(app, idp, COLLEAGUE);
    assert.equal((await me(app, hubToken)).statusCode, 200);
    assert.equal((await myFiles(app, filesToken)).statusCode, 200);

    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(hubToken) });
    assert.equal(out.statusCode, 204);

    assert.equal((await me(app, hubToken)).statusCode, 401, 'the hub token is refused after sign-out');
    assert.equal((await myFiles(app, filesToken)).statusCode, 401, 'the files token is refused after sign-out');
    assert.equal((await me(app, colleague)).statusCode, 200, "a colleague's session goes on");
    assert.equal((await auditLines('logout'))[0]?.actor_id, await userId(USER));

    // Signing in again gives a token that works.
    assert.equal((await me(app, await loginAs(app, idp, USER))).statusCode, 200);
  });

  test('should accept a new session’s token while this process still holds the person as before their sign-out', async () => {
    const { app, idp } = hub;
    const id = await userId(USER);
    const ended = await loginAs(app, idp, USER);
    assert.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(ended) })).statusCode, 204);
    // The row as this process held it before the sign-out, as when its notification is still on its way.
    const current = (await app.usersRepository.findById(id))!;
    app.hubCache.invalidate();
    await app.hubCache.get(`user:${id}`, async () => Object.freeze({ ...current, token_version: current.token_version - 1 }));
    assert.equal((await me(app, await loginAs(app, idp, USER))).statusCode, 200, 'the new session is accepted');
    // Read again, the row refuses the ended session as before.
    assert.equal((await me(app, ended)).statusCode, 401, 'the ended session is refused');
  });

  test('should end both APIs when signing out from the file exchange', async () => {
    const { app, idp } = hub;
    const hubToken = await loginAs(app, idp, USER);
    const filesToken = await filesLoginAs(app, idp, USER);
    const out = await app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers: bearer(filesToken) });
    assert.equal(out.statusCode, 204);
    assert.equal((await myFiles(app, filesToken)).statusCode, 401);
    assert.equal((await me(app, hubToken)).statusCode, 401);
  });

  test("should end the administrator's own sessions, not the displayed user's, when signing out during display-as", async () => {
    const { app, idp } = hub;
    const adminToken = await loginAs(app, idp, ADMIN);
    const userToken = await loginAs(app, idp, USER);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(adminToken), 'display-as-user-id': String(await userId(USER)) },
    });
    assert.equal(out.statusCode, 204);
    assert.equal((await me(app, adminToken)).statusCode, 401);
    assert.equal((await me(app, userToken)).statusCode, 200);
  });

  test("should end a person's sessions when an administrator asks, audited; 404 for no such user", async () => {
    const { app, idp } = hub;
    const userToken = await loginAs(app, idp, USER);
    const filesToken = await filesLoginAs(app, idp, USER);
    const adminToken = await loginAs(app, idp, ADMIN);
    const id = await userId(USER);

    const ended = await app.inject({ method: 'POST', url: `/api/admin/users/${id}/end-sessions`, headers: bearer(adminToken) });
    assert.equal(ended.statusCode, 204);
    assert.equal((await me(app, userToken)).statusCode, 401);
    assert.equal((await myFiles(app, filesToken)).statusCode, 401);
    assert.equal((await me(app, adminToken)).statusCode, 200, "the administrator's own session goes on");
    const [line] = await auditLines('user.end-sessions');
    assert.equal(line?.item_id, id);
    assert.equal(line?.actor_id, await userId(ADMIN));

    const missing = await app.inject({ method: 'POST', url: '/api/admin/users/999999/end-sessions', headers: bearer(adminToken) });
    assert.equal(missing.statusCode, 404);
  });

  test("should refuse a deleted user's tokens at once", async () => {
    const { app, idp } = hub;
    const hubToken = await loginAs(app, idp, USER);
    const filesToken = await filesLoginAs(app, idp, USER);
    await (await testDb()).query('DELETE FROM users WHERE email = $1', [USER]);
    assert.equal((await me(app, hubToken)).statusCode, 401);
    assert.equal((await myFiles(app, filesToken)).statusCode, 401);
  });

  test('should refuse on a second server process what was signed out through the first, both audiences', async () => {
    const { app, idp } = hub;
    const second = await build();
    const hubToken = await loginAs(app, idp, USER);
    const filesToken = await filesLoginAs(app, idp, USER);
    // The second process has verified (and remembered) both tokens before the sign-out.
    assert.equal((await me(second, hubToken)).statusCode, 200);
    assert.equal((await myFiles(second, filesToken)).statusCode, 200);

    assert.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(hubToken) })).statusCode, 204);

    assert.equal((await me(second, hubToken)).statusCode, 401);
    assert.equal((await myFiles(second, filesToken)).statusCode, 401);

    // And the other way round: an administrator's "end sessions" through the second, refused by the first.
    const again = await loginAs(app, idp, USER);
    assert.equal((await me(app, again)).statusCode, 200);
    const adminToken = await loginAs(second, idp, ADMIN);
    const id = await userId(USER);
    const ended = await second.inject({ method: 'POST', url: `/api/admin/users/${id}/end-sessions`, headers: bearer(adminToken) });
    assert.equal(ended.statusCode, 204);
    assert.equal((await me(app, again)).statusCode, 401);
  });

  test('should refuse a live events ticket taken before sign-out, for both streams', async () => {
    const { app, idp } = hub;
    const hubToken = await loginAs(app, idp, USER);
    const filesToken = await filesLoginAs(app, idp, USER);
    const ticket = async (url: string, token: string) => {
      const response = await app.inject({ method: 'POST', url, headers: bearer(token) });
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as { ticket: string }).ticket;
    };
    const discussions = await ticket('/api/discussions/events/ticket', hubToken);
    const files = await ticket('/api/v2/events/ticket', filesToken);
    assert.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(hubToken) })).statusCode, 204);
    // Refused at once (an accepted ticket would open a stream that never ends).
    assert.equal((await app.inject({ url: `/api/discussions/events?ticket=${discussions}` })).statusCode, 401);
    assert.equal((await app.inject({ url: `/api/v2/events?ticket=${files}` })).statusCode, 401);
  });

  test('should refuse sign-out without a token', async () => {
    const { app } = hub;
    assert.equal((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode, 401);
  });
});
