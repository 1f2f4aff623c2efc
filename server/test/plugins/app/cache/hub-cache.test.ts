import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CACHE_MAX_ENTRIES, createHubCache, onWrites } from '../../../../src/plugins/app/cache/hub-cache';
import { DB_KIND, testDb } from '../../../test-support/helper';

describe(`hub cache (${DB_KIND})`, () => {
  test('should keep a loaded value and load it once for concurrent callers', async () => {
    const cache = createHubCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return loads;
    };
    assert.deepEqual(await Promise.all([cache.get('k', load), cache.get('k', load)]), [1, 1]);
    assert.equal(await cache.get('k', load), 1);
    assert.equal(loads, 1);
  });

  test('should not keep a value loaded while an invalidation happened (it may predate the change)', async () => {
    const cache = createHubCache();
    assert.equal(
      await cache.get('k', async () => {
        cache.invalidate();
        return 'old';
      }),
      'old',
    );
    assert.equal(await cache.get('k', async () => 'new'), 'new');
    cache.invalidate();
    assert.equal(await cache.get('k', async () => 'newer'), 'newer');
  });

  test('should keep at most CACHE_MAX_ENTRIES entries, dropping the oldest first', async () => {
    const cache = createHubCache();
    for (let index = 0; index <= CACHE_MAX_ENTRIES; index += 1) await cache.get(`k${index}`, async () => 'first');
    assert.equal(await cache.get('k0', async () => 'again'), 'again');
    assert.equal(await cache.get(`k${CACHE_MAX_ENTRIES}`, async () => 'again'), 'first');
  });

  test('should keep nothing while disabled (the invalidation channel is lost)', async () => {
    const cache = createHubCache();
    assert.equal(await cache.get('k', async () => 1), 1);
    cache.setEnabled(false);
    assert.equal(await cache.get('k', async () => 2), 2);
    assert.equal(await cache.get('k', async () => 3), 3);
    cache.setEnabled(true);
    assert.equal(await cache.get('k', async () => 4), 4);
    assert.equal(await cache.get('k', async () => 5), 4);
  });

  test('should hear the writes through a database handle that may change what is cached, and not the reads', async () => {
    const db = await testDb();
    let heard = 0;
    const stop = onWrites(db, () => (heard += 1));
    try {
      await db.query('SELECT 1');
      await db.query('WITH recent AS (SELECT id, updated_at FROM advices ORDER BY id DESC LIMIT 2) SELECT count(*) FROM recent');
      await db.query("INSERT INTO audit_log (action, item_type) SELECT 'not watched', 'x' WHERE false");
      assert.equal(heard, 0);
      await db.query("UPDATE users SET first_name = first_name WHERE email = 'user@northwind.test'");
      assert.equal(heard, 1);
      await db.transaction(async (tx) => tx.query('SELECT 1'));
      assert.equal(heard, 2);
      await db.query('WITH x AS (UPDATE advices SET title = title WHERE false RETURNING id) SELECT count(*) FROM x');
      assert.equal(heard, 3);
    } finally {
      stop();
    }
  });
});
