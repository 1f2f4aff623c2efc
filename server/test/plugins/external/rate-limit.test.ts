// @one-pass: rate limits are kept in memory.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, DB_KIND } from '../../test-support/helper';
import { filesLoginAs } from '../../test-support/files-caller';
import { loginAs, startTestIdp } from '../../test-support/test-idp';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const statuses = async (app: FastifyInstance, count: number, url: string, headers: Record<string, string> = {}) => {
  const got: number[] = [];
  for (let i = 0; i < count; i += 1) got.push((await app.inject({ url, headers })).statusCode);
  return got;
};

describe(`rate limits per user beside the per-address ones (${DB_KIND})`, () => {
  test('should give colleagues behind one address a budget each, and the address its own for anonymous calls', async () => {
    const app = await build({ rateLimitMax: 4 });
    const idp = await startTestIdp();
    try {
      await idp.register(app);
      // Two sign-ins from one address: they count for the address (2 of 4).
      const nina = await loginAs(app, idp, 'user@northwind.test');
      const chris = await loginAs(app, idp, 'contributor@northwind.test');

      assert.deepEqual(await statuses(app, 5, '/api/auth/user', bearer(nina)), [200, 200, 200, 200, 429], "Nina's own budget");
      assert.deepEqual(await statuses(app, 4, '/api/auth/user', bearer(chris)), [200, 200, 200, 200], 'Chris is not held back by Nina');
      assert.deepEqual(await statuses(app, 3, '/api/health'), [200, 200, 429], 'the address: two sign-ins, then two calls');
      // A token that does not verify counts for the address, never for a user it names.
      assert.deepEqual(await statuses(app, 1, '/api/auth/user', bearer('not.a.token')), [429]);
      assert.equal((await app.inject({ url: '/api/auth/user', headers: bearer(chris) })).statusCode, 429, "then Chris's budget is spent");
    } finally {
      await idp.close();
    }
  });

  test('should count a file-exchange token for its user on /api/v2', async () => {
    const app = await build({ rateLimitMax: 3 });
    const idp = await startTestIdp();
    try {
      await idp.register(app);
      const files = await filesLoginAs(app, idp, 'user@northwind.test');
      assert.deepEqual(await statuses(app, 4, '/api/v2/counters', bearer(files)), [200, 200, 200, 429]);
      assert.deepEqual(await statuses(app, 2, '/api/health'), [200, 200], 'the address spent one on the sign-in only');
    } finally {
      await idp.close();
    }
  });
});
