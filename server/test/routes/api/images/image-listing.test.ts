import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEMO_IMAGES } from '../../../../src/db/seed/demo-images';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { insertImage } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const OTHER = 'user@contoso.test';
const CONTRIBUTOR = 'contributor@northwind.test';
const ADMIN = 'admin@demo.test';

const seeded = (category: string) => DEMO_IMAGES.filter((image) => image.category === category).map((image) => image.name);

describe(`GET /api/images/category/:category lists only what is the caller's or meant for everyone (${DB_KIND})`, () => {
  const hub = signedInApp();
  const names = async (email: string, category: string) => {
    const response = await hub.call(email, 'GET', `/api/images/category/${category}?page_size=100`);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { items: Array<{ name: string }>; total: number };
    assert.equal(body.total, body.items.length, 'the total counts what the caller may list, no more');
    return body.items.map((item) => item.name).sort();
  };

  test("should not list another customer's profile picture, only one's own (current and uploaded)", async () => {
    const db = await testDb();
    const contosoPicture = await insertImage('profile', 'Contoso person');
    await db.query('UPDATE users SET profile_image_id = $1 WHERE id = $2', [contosoPicture, await userId(OTHER)]);
    const mine = await insertImage('profile', 'Northwind person');
    await db.query('UPDATE users SET profile_image_id = $1 WHERE id = $2', [mine, await userId(USER)]);
    const uploaded = await hub.call(USER, 'POST', '/api/images', await profileUpload());
    assert.equal(uploaded.statusCode, 201, uploaded.body);

    assert.deepEqual(await names(USER, 'profile'), ['Northwind person', 'me.png']);
    assert.deepEqual(await names(OTHER, 'profile'), ['Contoso person']);
  });

  test("should list one's own entity's logo, never another company's", async () => {
    assert.deepEqual(await names(USER, 'logo'), ['Northwind Traders logo']);
    assert.deepEqual(await names(OTHER, 'logo'), ['Contoso logo']);
  });

  test('should list to everyone what content shows to everyone: banners, thumbnails, description images', async () => {
    for (const category of ['banner', 'thumbnail', 'description']) {
      assert.deepEqual(await names(USER, category), seeded(category).sort(), category);
      assert.deepEqual(await names(OTHER, category), seeded(category).sort(), category);
    }
  });

  test('should list to an administrator the whole category, to other staff what their entity in force holds', async () => {
    const db = await testDb();
    const contosoPicture = await insertImage('profile', 'Contoso person');
    await db.query('UPDATE users SET profile_image_id = $1 WHERE id = $2', [contosoPicture, await userId(OTHER)]);
    const ninaPicture = await insertImage('profile', 'Northwind person');
    await db.query('UPDATE users SET profile_image_id = $1 WHERE id = $2', [ninaPicture, await userId(USER)]);
    const everyProfile = [...seeded('profile'), 'Contoso person', 'Northwind person'].sort();
    assert.deepEqual(await names(ADMIN, 'profile'), everyProfile);
    assert.deepEqual(await names(ADMIN, 'logo'), seeded('logo').sort());
    assert.deepEqual(await names(CONTRIBUTOR, 'profile'), ['Northwind person'], "his entity's people only");
    assert.deepEqual(await names(CONTRIBUTOR, 'logo'), ['Northwind Traders logo']);
    assert.deepEqual(await names(CONTRIBUTOR, 'banner'), seeded('banner').sort());
  });

  test("should keep another company's pictures and logo out of a contributor's images console: listed, read, changed or deleted", async () => {
    const db = await testDb();
    const contosoLogo = (await db.query<{ id: number }>(`SELECT logo_image_id AS id FROM entities WHERE name = 'Contoso'`)).rows[0]!.id;
    const listed = async (url: string) => {
      const response = await hub.call(CONTRIBUTOR, 'GET', url);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as { items: Array<{ name: string }> }).items.map((item) => item.name).sort();
    };
    assert.deepEqual(await listed('/api/admin/images/category/logo'), ['Northwind Traders logo']);
    assert.ok(!(await listed('/api/admin/images?page_size=100')).includes('Contoso logo'));
    assert.equal((await hub.call(CONTRIBUTOR, 'GET', `/api/admin/images/${contosoLogo}`)).statusCode, 404);
    assert.equal((await hub.call(CONTRIBUTOR, 'GET', `/api/admin/images/${contosoLogo}/usage`)).statusCode, 404);
    assert.equal((await hub.call(CONTRIBUTOR, 'DELETE', `/api/admin/images/${contosoLogo}`)).statusCode, 404);
    assert.equal((await db.query('SELECT 1 FROM images WHERE id = $1', [contosoLogo])).rows.length, 1, 'still there');
    assert.equal((await hub.call(ADMIN, 'GET', `/api/admin/images/${contosoLogo}`)).statusCode, 200);
    // An administrator's entity in force does not narrow what an administrator manages.
    assert.ok((await hub.call(ADMIN, 'GET', '/api/admin/images/category/logo')).json().total >= 2);
  });

  test('should answer an administrator displaying a customer with what that customer may list', async () => {
    const headers = { 'display-as-user-id': String(await userId(USER)) };
    const response = await hub.call(ADMIN, 'GET', '/api/images/category/logo', { headers });
    assert.deepEqual(
      (response.json() as { items: Array<{ name: string }> }).items.map((item) => item.name),
      ['Northwind Traders logo'],
    );
  });
});

async function profileUpload() {
  const data = new FormData();
  data.append('category', 'profile');
  data.append('file', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'me.png');
  const request = new Request('http://x', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
