import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { migrate, MIGRATIONS_DIR } from '../../../../src/db/migrate';
import { openPglite } from '../../../../src/db/pglite-db';
import { DB_KIND, testDb } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';

describe(`image bytes behind a random key per image (${DB_KIND})`, () => {
  const hub = signedInApp();

  const bannerUrl = async () => {
    const response = await hub.call(USER, 'GET', '/api/images/category/banner');
    const image = (response.json() as { items: Array<{ id: number; url: string }> }).items[0]!;
    return { id: image.id, url: new URL(image.url) };
  };

  test('should serve the bytes at the keyed URL to anyone, and 404 to a guessed id without the right key', async () => {
    const { id, url } = await bannerUrl();
    const key = url.pathname.split('/').at(-1)!;
    assert.match(key, /^[0-9a-f]{32}$/);
    const served = await hub.app.inject({ url: url.pathname + url.search });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');

    // The sequential URL, a wrong key, another image's key, a key of the wrong shape: all 404, signed in or not.
    const { rows } = await (await testDb()).query<{ access_key: string }>('SELECT access_key FROM images WHERE id <> $1 LIMIT 1', [id]);
    const guesses = [
      `/api/images/${id}/file`,
      `/api/images/${id}/file?v=1`,
      `/api/images/${id}/file/${'0'.repeat(32)}`,
      `/api/images/${id}/file/${rows[0]!.access_key}`,
      `/api/images/${id}/file/${key.toUpperCase()}`,
      `/api/images/${id}/file/x`,
      `/api/images/${id + 1}/file/${key}`,
    ];
    for (const guess of guesses) {
      assert.equal((await hub.app.inject({ url: guess })).statusCode, 404, guess);
      assert.equal((await hub.call(USER, 'GET', guess)).statusCode, 404, `${guess} signed in`);
    }
  });

  test('should give every image its own key, one a new image gets at once', async () => {
    const db = await testDb();
    const { rows } = await db.query<{ access_key: string }>('SELECT access_key FROM images');
    assert.ok(rows.length > 3);
    assert.equal(new Set(rows.map((row) => row.access_key)).size, rows.length, 'no two images share a key');
    for (const row of rows) assert.match(row.access_key, /^[0-9a-f]{32}$/);
  });

  test('should give existing rows random keys and rewrite the image URLs already written in descriptions', async () => {
    // The migrations before the keys, rows of that time, then the migration of the keys.
    const before = mkdtempSync(join(tmpdir(), 'hub-keys-'));
    const db = await openPglite();
    try {
      const all = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));
      const keys = all.find((name) => name.endsWith('_image_keys.sql'))!;
      for (const name of all.filter((name) => name < keys)) copyFileSync(join(MIGRATIONS_DIR, name), join(before, name));
      await migrate(db, before);
      const { rows: images } = await db.query<{ id: number }>(
        `INSERT INTO images (name, category, storage_key, mime, size_bytes)
         VALUES ('a', 'description', 'a.png', 'image/png', 1), ('b', 'banner', 'b.png', 'image/png', 1), ('c', 'description', 'c.png', 'image/png', 1)
         RETURNING id`,
      );
      const [a, b, c] = images.map((row) => row.id) as [number, number, number];
      const text = `<p><img src="https://hub.example/api/images/${a}/file?v=abc"> and <img src="https://hub.example/api/images/${c}/file"></p>`;
      await db.query(`INSERT INTO advices (title, description) VALUES ('With pictures', $1)`, [text]);
      await db.query(`INSERT INTO news_items (title, description) VALUES ('With a picture', $1)`, [
        `<img src="https://hub.example/api/images/${a}/file">`,
      ]);

      copyFileSync(join(MIGRATIONS_DIR, keys), join(before, keys));
      await migrate(db, before);

      const { rows } = await db.query<{ id: number; access_key: string }>('SELECT id, access_key FROM images ORDER BY id');
      assert.equal(new Set(rows.map((row) => row.access_key)).size, 3);
      for (const row of rows) assert.match(row.access_key, /^[0-9a-f]{32}$/);
      const key = (id: number) => rows.find((row) => row.id === id)!.access_key;
      const advice = (await db.query<{ description: string }>('SELECT description FROM advices')).rows[0]!.description;
      assert.equal(
        advice,
        `<p><img src="https://hub.example/api/images/${a}/file/${key(a)}?v=abc"> and <img src="https://hub.example/api/images/${c}/file/${key(c)}"></p>`,
      );
      const news = (await db.query<{ description: string }>('SELECT description FROM news_items')).rows[0]!.description;
      assert.equal(news, `<img src="https://hub.example/api/images/${a}/file/${key(a)}">`);
      assert.ok(!advice.includes(key(b)));
    } finally {
      await db.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
