import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HEADERS } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../test-support/helper';
import { idOf } from '../../test-support/caller';
import { signedInApp } from '../../test-support/signed-in-app';

// The content lists are answered from the process's cache (plugins/app/cache/hub-cache.ts) with an
// ETag; these tests check that what is kept never outlives a change and never reaches another user.
// (test/deploy/cache-invalidation.test.ts checks the same across two processes.)
const LISTS = ['/api/advices', '/api/news-items', '/api/dashboards'] as const;

describe(`content lists: cache and conditional requests (${DB_KIND})`, () => {
  const { call } = signedInApp();
  const get = (email: string, url: string, headers: Record<string, string> = {}) => call(email, 'GET', url, { headers });
  const titles = (body: string) => (JSON.parse(body) as { items: { title: string }[] }).items.map((item) => item.title);

  for (const list of LISTS) {
    test(`should answer ${list} with 304 and no body when the user's copy is current, 200 otherwise`, async () => {
      const first = await get('user@northwind.test', list);
      assert.equal(first.statusCode, 200, first.body);
      const etag = first.headers.etag as string;
      assert.match(etag, /^W\/"[\w-]+"$/);
      assert.equal(first.headers['cache-control'], 'private, no-cache');
      assert.match(String(first.headers.vary), /Authorization/);

      const again = await get('user@northwind.test', list, { 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers.etag, etag);

      const other = await get('user@northwind.test', list, { 'if-none-match': 'W/"something-else"' });
      assert.equal(other.statusCode, 200);
      assert.equal(other.body, first.body);
    });

    test(`should never answer ${list} with 304 to another user's ETag, even for the same items`, async () => {
      // Nina and Carl see the same news items; Paula and Nina are both of Northwind.
      for (const [owner, other] of [
        ['user@northwind.test', 'user@contoso.test'],
        ['user@northwind.test', 'publisher@demo.test'],
      ] as const) {
        const etag = (await get(owner, list)).headers.etag as string;
        const answer = await get(other, list, { 'if-none-match': etag });
        assert.equal(answer.statusCode, 200, `${other} with ${owner}'s ETag`);
        assert.notEqual(answer.headers.etag, etag);
      }
    });
  }

  test("should give an administrator displaying a user an ETag of their own, not the user's", async () => {
    const nina = await get('user@northwind.test', '/api/advices');
    const displayed = await get('admin@demo.test', '/api/advices', {
      [HEADERS.displayAsUserId]: String(await userId('user@northwind.test')),
      'if-none-match': nina.headers.etag as string,
    });
    assert.equal(displayed.statusCode, 200);
    assert.deepEqual(titles(displayed.body), titles(nina.body));
    assert.notEqual(displayed.headers.etag, nina.headers.etag);
  });

  test('should show a change made through the API at once, and no longer answer 304 to the old ETag', async () => {
    const before = await get('user@northwind.test', '/api/advices');
    assert.ok(titles(before.body).includes('Clean up duplicate customer records'));
    const id = await idOf("SELECT id FROM advices WHERE title = 'Clean up duplicate customer records'");
    const unpublished = await call('admin@demo.test', 'PUT', `/api/admin/advices/${id}/unpublish`);
    assert.equal(unpublished.statusCode, 200, unpublished.body);
    const after = await get('user@northwind.test', '/api/advices', { 'if-none-match': before.headers.etag as string });
    assert.equal(after.statusCode, 200);
    assert.ok(!titles(after.body).includes('Clean up duplicate customer records'));
  });

  test('should show at once a change written to the database directly (not through the API)', async () => {
    const db = await testDb();
    for (const [list, table] of [
      ['/api/advices', 'advices'],
      ['/api/news-items', 'news_items'],
      ['/api/dashboards', 'dashboards'],
    ] as const) {
      const before = titles((await get('user@northwind.test', list)).body);
      assert.ok(before.length > 0, list);
      await db.query(`UPDATE ${table} SET title = 'Renamed ' || title WHERE title = $1`, [before[0]]);
      assert.equal(titles((await get('user@northwind.test', list)).body)[0], `Renamed ${before[0]}`, list);
    }
  });

  test("should apply at once a change of the caller's rights, session or entity written to the database", async () => {
    const db = await testDb();
    assert.equal((await get('contributor@northwind.test', '/api/admin/advices')).statusCode, 200);
    await db.query("UPDATE users SET rights = ARRAY['user'] WHERE email = 'contributor@northwind.test'");
    assert.equal((await get('contributor@northwind.test', '/api/admin/advices')).statusCode, 403);

    assert.equal((await get('user@northwind.test', '/api/advices')).statusCode, 200);
    await db.query("UPDATE users SET token_version = token_version + 1 WHERE email = 'user@northwind.test'");
    assert.equal((await get('user@northwind.test', '/api/advices')).statusCode, 401);

    assert.deepEqual(titles((await get('user@contoso.test', '/api/dashboards')).body).length > 0, true);
    await db.query("UPDATE users SET entity_id = NULL WHERE email = 'user@contoso.test'");
    assert.deepEqual(titles((await get('user@contoso.test', '/api/dashboards')).body), []);
  });
});
