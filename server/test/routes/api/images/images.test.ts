import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { LIMITS } from '@hub/shared/api';
import { DEMO_IMAGES, demoPng } from '../../../../src/db/seed/demo-images';
import { DB_KIND, testDb } from '../../../test-support/helper';
import { audited, breakAuditLog, count } from '../../../test-support/content-caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';
const USER = 'user@northwind.test';
const ADMIN = 'admin@demo.test';
const PNG = demoPng(4, 3, [200, 10, 10]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x3b])]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L', 'latin1'),
  Buffer.alloc(18),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A multipart body as a browser sends it, serialised by the platform's own FormData. */
async function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://x', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** A multipart body of `size` file bytes (a PNG header, then zeros) streamed in 1 MB chunks, never held whole. */
function bigForm(size: number) {
  const boundary = '----hub-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nbanner\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const zeros = Buffer.alloc(1024 * 1024);
  async function* body() {
    yield head;
    yield PNG.subarray(0, 16);
    let left = size - 16;
    while (left > 0) {
      const chunk = zeros.subarray(0, Math.min(left, zeros.length));
      left -= chunk.length;
      yield chunk;
    }
    yield tail;
  }
  return {
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length) },
  };
}

describe(`images (${DB_KIND})`, () => {
  const hub = signedInApp();
  const { call } = hub;

  const folder = () => join(hub.app.config.dataDir, 'files', 'images');
  const files = () => readdirSync(folder()).sort();
  const upload = async (email: string, url: string, body: { payload: Buffer | Readable; headers: Record<string, string> }) =>
    call(email, 'POST', url, { payload: body.payload, headers: body.headers });

  test('should store an uploaded image, answer its URL, audit it, and serve its bytes publicly with the right headers', async () => {
    const before = files();
    const created = await upload(
      CONTRIBUTOR,
      '/api/admin/images',
      await form(
        { category: 'banner', name: 'Spring banner', description: 'For the spring news' },
        { bytes: PNG, name: 'spring.png', type: 'image/png' },
      ),
    );
    assert.equal(created.statusCode, 201, created.body);
    const image = created.json();
    assert.equal(image.name, 'Spring banner');
    assert.equal(image.category, 'banner');
    assert.equal(image.mime, 'image/png');
    assert.equal(image.size_bytes, PNG.length);
    assert.match(image.url, new RegExp(`^http://localhost:8080/api/images/${image.id}/file/[0-9a-f]{32}\\?v=[0-9a-f]{10}$`));
    assert.equal((await audited('image.create', image.id)).length, 1);
    const added = files().filter((name) => !before.includes(name));
    assert.equal(added.length, 1);
    assert.deepEqual(readFileSync(join(folder(), added[0]!)), PNG);

    const served = await hub.app.inject({ url: new URL(image.url).pathname + new URL(image.url).search });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.match(String(served.headers['cache-control']), /max-age=31536000/);
    assert.deepEqual(served.rawPayload, PNG);
    assert.equal((await hub.app.inject({ url: '/api/images/999999/file' })).statusCode, 404);

    const listed = await call(USER, 'GET', '/api/images/category/banner');
    assert.ok(listed.json().items.some((item: { id: number; url: string }) => item.id === image.id && item.url === image.url));
    assert.equal(listed.json().items[0].size_bytes, undefined, 'the user side answers the public fields only');
  });

  test('should judge the type from the bytes, not the name: jpeg, gif and webp accepted, svg and text refused, nothing kept', async () => {
    for (const [bytes, mime] of [
      [JPEG, 'image/jpeg'],
      [GIF, 'image/gif'],
      [WEBP, 'image/webp'],
    ] as const) {
      const created = await upload(
        CONTRIBUTOR,
        '/api/admin/images',
        await form({ category: 'thumbnail' }, { bytes, name: 'notes.txt', type: 'text/plain' }),
      );
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().mime, mime);
      assert.equal(created.json().name, 'notes.txt');
    }
    const before = files();
    const rows = await count('SELECT count(*)::int AS count FROM images');
    for (const bytes of [SVG, Buffer.from('just some text, long enough'), Buffer.from([1, 2])]) {
      const refused = await upload(
        CONTRIBUTOR,
        '/api/admin/images',
        await form({ category: 'banner' }, { bytes, name: 'logo.png', type: 'image/png' }),
      );
      assert.equal(refused.statusCode, 400);
      assert.equal(refused.json().message, 'Only jpeg, png, gif and webp images are accepted');
    }
    assert.deepEqual(files(), before);
    assert.equal(await count('SELECT count(*)::int AS count FROM images'), rows);
  });

  test("should answer 'File is Required' without a file, and name a missing category", async () => {
    const before = files();
    const none = await upload(CONTRIBUTOR, '/api/admin/images', await form({ category: 'banner' }));
    assert.deepEqual(none.json(), { statusCode: 400, error: 'Bad Request', message: 'File is Required' });
    const empty = await upload(CONTRIBUTOR, '/api/admin/images', await form({ category: 'banner' }, { bytes: Buffer.alloc(0), name: '' }));
    assert.equal(empty.json().message, 'File is Required');
    const json = await call(CONTRIBUTOR, 'POST', '/api/admin/images', { payload: { category: 'banner' } });
    assert.equal(json.json().message, 'File is Required');
    const noCategory = await upload(CONTRIBUTOR, '/api/admin/images', await form({}, { bytes: PNG, name: 'a.png' }));
    assert.equal(noCategory.json().message, 'category: This field is required');
    const badCategory = await upload(CONTRIBUTOR, '/api/admin/images', await form({ category: 'poster' }, { bytes: PNG, name: 'a.png' }));
    assert.equal(badCategory.statusCode, 400);
    assert.deepEqual(files(), before);
  });

  test('should let any signed-in user upload a profile picture, and only contributors other categories', async () => {
    const before = files();
    const profile = await upload(USER, '/api/images', await form({ category: 'profile' }, { bytes: PNG, name: 'me.png' }));
    assert.equal(profile.statusCode, 201, profile.body);
    assert.equal(profile.json().category, 'profile');
    assert.equal(profile.json().mime, undefined);
    const banner = await upload(USER, '/api/images', await form({ category: 'banner' }, { bytes: PNG, name: 'b.png' }));
    assert.equal(banner.statusCode, 403);
    assert.equal(files().length, before.length + 1, 'the refused banner left no file');
    assert.equal(
      (await upload(CONTRIBUTOR, '/api/images', await form({ category: 'banner' }, { bytes: PNG, name: 'b.png' }))).statusCode,
      201,
    );
    assert.equal(
      (await upload(USER, '/api/admin/images', await form({ category: 'profile' }, { bytes: PNG, name: 'me.png' }))).statusCode,
      403,
    );
    const listed = await call(USER, 'GET', '/api/images/category/profile');
    assert.equal(listed.json().total, 1, "his own upload only, not the consultant's portrait (image-listing.test.ts)");
    assert.equal(listed.json().items[0].id, profile.json().id, 'the newest first');
  });

  test('should refuse 50 MB while streaming and keep nothing; accept 50 MB less one byte', async () => {
    const before = files();
    const rows = await count('SELECT count(*)::int AS count FROM images');
    const refused = await upload(CONTRIBUTOR, '/api/admin/images', bigForm(LIMITS.imageMaxBytes));
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.json(), { statusCode: 400, error: 'Bad Request', message: 'Image size should be less than 50 MB !' });
    assert.equal(await count('SELECT count(*)::int AS count FROM images'), rows);
    assert.deepEqual(files(), before, 'no file, not even a temporary one, is left in the images folder');

    const accepted = await upload(CONTRIBUTOR, '/api/admin/images', bigForm(LIMITS.imageMaxBytes - 1));
    assert.equal(accepted.statusCode, 201, accepted.body);
    assert.equal(accepted.json().size_bytes, LIMITS.imageMaxBytes - 1);
    assert.equal(files().length, before.length + 1);
  });

  test('should keep no file when the audit line cannot be written', async () => {
    const before = files();
    // Signed in first: the sign-in writes an audit line too.
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/auth/user')).statusCode, 200);
    const restore = await breakAuditLog();
    try {
      const refused = await upload(CONTRIBUTOR, '/api/admin/images', await form({ category: 'banner' }, { bytes: PNG, name: 'a.png' }));
      assert.equal(refused.statusCode, 500);
    } finally {
      await restore();
    }
    assert.deepEqual(files(), before);
    assert.equal(await count(`SELECT count(*)::int AS count FROM images WHERE name = 'a.png'`), 0);
  });

  test('should update fields and replace the bytes (new URL version, old file gone), then delete row and file', async () => {
    const created = (
      await upload(CONTRIBUTOR, '/api/admin/images', await form({ category: 'banner' }, { bytes: PNG, name: 'a.png' }))
    ).json();
    const afterCreate = files();
    const renamed = await upload(
      CONTRIBUTOR,
      `/api/admin/images/${created.id}`,
      await form({ name: 'Renamed', description: 'Now described' }),
    );
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().name, 'Renamed');
    assert.equal(renamed.json().description, 'Now described');
    assert.equal(renamed.json().url, created.url);

    const replaced = await upload(CONTRIBUTOR, `/api/admin/images/${created.id}`, await form({}, { bytes: GIF, name: 'b.gif' }));
    assert.equal(replaced.statusCode, 200, replaced.body);
    assert.equal(replaced.json().mime, 'image/gif');
    assert.notEqual(replaced.json().url, created.url);
    assert.equal(files().length, afterCreate.length, 'the old file went with the replacement');
    const served = await hub.app.inject({ url: new URL(replaced.json().url).pathname });
    assert.equal(served.headers['content-type'], 'image/gif');
    assert.deepEqual(served.rawPayload, GIF);
    const refused = await upload(CONTRIBUTOR, `/api/admin/images/${created.id}`, await form({}, { bytes: SVG, name: 'c.svg' }));
    assert.equal(refused.statusCode, 400);
    assert.equal(files().length, afterCreate.length);
    assert.equal((await audited('image.update', created.id)).length, 2);

    // The demo banner of the pinned news: deleting it leaves the news without a banner.
    const banner = (await (await testDb()).query<{ id: number }>(`SELECT id FROM images WHERE storage_key = 'demo-banner-release.png'`))
      .rows[0]!.id;
    assert.equal((await call(CONTRIBUTOR, 'DELETE', `/api/admin/images/${banner}`)).statusCode, 204);
    assert.ok(!files().includes('demo-banner-release.png'));
    assert.equal(await count('SELECT count(*)::int AS count FROM news_items WHERE banner_image_id IS NOT NULL'), 0);
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/images/${banner}`)).statusCode, 404);
    assert.equal((await call(CONTRIBUTOR, 'DELETE', `/api/admin/images/${banner}`)).statusCode, 404);
    assert.equal((await audited('image.delete', banner)).length, 1);
  });

  test('should list the library with sizes on the admin side', async () => {
    // An administrator: a contributor sees only his entity's pictures and logo (image-listing.test.ts).
    const all = await call(ADMIN, 'GET', '/api/admin/images');
    assert.equal(all.statusCode, 200);
    // The demo pictures: every type, as seeded.
    const seeded = (category: string) => DEMO_IMAGES.filter((image) => image.category === category).length;
    assert.equal(all.json().total, DEMO_IMAGES.length);
    assert.ok(all.json().items.every((image: { size_bytes: number; mime: string }) => image.size_bytes > 0 && image.mime === 'image/png'));
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/images/category/thumbnail')).json().total, seeded('thumbnail'));
    assert.equal((await call(ADMIN, 'GET', '/api/admin/images?category=logo')).json().total, seeded('logo'));
    assert.ok(seeded('logo') > 0 && seeded('description') > 0 && seeded('profile') > 0 && seeded('banner') > 0);
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/images/category/poster')).statusCode, 400);
  });
});
