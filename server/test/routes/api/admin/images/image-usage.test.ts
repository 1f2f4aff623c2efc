import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../../../../test-support/helper';
import { entityId, idOf, insertImage } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';

describe(`image usage and delete (${DB_KIND})`, () => {
  const hub = signedInApp();

  test('should count the advices, news items, entities and users that show an image, then empty their pictures on delete', async () => {
    const db = await testDb();
    const image = await insertImage('banner', 'Shared picture');
    const advice = await idOf('SELECT id FROM advices ORDER BY id LIMIT 1');
    const news = await idOf('SELECT id FROM news_items ORDER BY id LIMIT 1');
    const northwind = await entityId('Northwind Traders');
    const user = await idOf("SELECT id FROM users WHERE email = 'user@northwind.test'");
    await db.query('UPDATE advices SET banner_image_id = $1, thumbnail_image_id = $1 WHERE id = $2', [image, advice]);
    await db.query('UPDATE news_items SET thumbnail_image_id = $1 WHERE id = $2', [image, news]);
    await db.query('UPDATE entities SET logo_image_id = $1 WHERE id = $2', [image, northwind]);
    await db.query('UPDATE users SET profile_image_id = $1 WHERE id = $2', [image, user]);

    const usage = await hub.call(CONTRIBUTOR, 'GET', `/api/admin/images/${image}/usage`);
    assert.equal(usage.statusCode, 200);
    assert.deepEqual(usage.json(), { advices: 1, news_items: 1, entities: 1, users: 1, total: 4 });

    assert.equal((await hub.call(CONTRIBUTOR, 'DELETE', `/api/admin/images/${image}`)).statusCode, 204);
    const { rows } = await db.query<{ a: number | null; b: number | null; n: number | null; e: number | null; u: number | null }>(
      `SELECT (SELECT banner_image_id FROM advices WHERE id = $1) AS a, (SELECT thumbnail_image_id FROM advices WHERE id = $1) AS b,
              (SELECT thumbnail_image_id FROM news_items WHERE id = $2) AS n, (SELECT logo_image_id FROM entities WHERE id = $3) AS e,
              (SELECT profile_image_id FROM users WHERE id = $4) AS u`,
      [advice, news, northwind, user],
    );
    assert.deepEqual(rows[0], { a: null, b: null, n: null, e: null, u: null }, 'the items stay and lose the picture');
    assert.equal((await hub.call(CONTRIBUTOR, 'GET', `/api/admin/images/${image}/usage`)).statusCode, 404);
  });

  test('should answer zero for an unused image', async () => {
    const image = await insertImage('thumbnail');
    const usage = await hub.call(CONTRIBUTOR, 'GET', `/api/admin/images/${image}/usage`);
    assert.deepEqual(usage.json(), { advices: 0, news_items: 0, entities: 0, users: 0, total: 0 });
  });
});
