import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { USER_MESSAGES } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { entityId, insertImage } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

describe(`GET /api/user/{id} and the profile image (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const status = async (email: string, id: number, headers?: Record<string, string>) =>
    (await call(email, 'GET', `/api/user/${id}`, { headers })).statusCode;

  test('should let a user read themselves in full', async () => {
    const nina = await userId('user@northwind.test');
    const response = await call('user@northwind.test', 'GET', `/api/user/${nina}`);
    assert.equal(response.statusCode, 200, response.body);
    const user = response.json();
    assert.equal(user.email, 'user@northwind.test');
    assert.deepEqual(user.pbi_groups, ['NW-Sales']);
    assert.equal(user.contacts[0].email, 'consultant@demo.test');
    assert.equal(user.welcome_message, 'Your sales dashboards were refreshed this morning.');
  });

  test('should let a user read the people of their own entity and their consultant, without their private fields', async () => {
    const publisher = await call('user@northwind.test', 'GET', `/api/user/${await userId('publisher@demo.test')}`);
    assert.equal(publisher.statusCode, 200);
    assert.equal(publisher.json().last_name, 'Publisher');

    const consultant = await call('user@northwind.test', 'GET', `/api/user/${await userId('consultant@demo.test')}`);
    assert.equal(consultant.statusCode, 200);
    // The consultant's other client (a Contoso user) is not shown to a Northwind user.
    assert.deepEqual(
      consultant.json().clients.map((client: { id: number }) => client.id),
      [await userId('user@northwind.test')],
    );
    const contributor = (await call('user@northwind.test', 'GET', `/api/user/${await userId('contributor@northwind.test')}`)).json();
    assert.equal(contributor.welcome_message, null);
    assert.deepEqual(contributor.pbi_groups, []);
  });

  test("should answer 404 for another entity's user, and for someone who does not exist", async () => {
    assert.equal(await status('user@northwind.test', await userId('user@contoso.test')), 404);
    assert.equal(await status('user@contoso.test', await userId('contributor@northwind.test')), 404);
    assert.equal(await status('contributor@northwind.test', await userId('user@contoso.test')), 404);
    assert.equal(await status('user@northwind.test', 999999), 404);
    // An administrator displaying the Northwind user is refused what that user would be refused.
    const asNina = { 'display-as-user-id': String(await userId('user@northwind.test')) };
    assert.equal(await status('admin@demo.test', await userId('user@contoso.test'), asNina), 404);
  });

  test("should let a contributor read their entity's users in full, and an administrator anyone", async () => {
    const nina = await userId('user@northwind.test');
    const asContributor = await call('contributor@northwind.test', 'GET', `/api/user/${nina}`);
    assert.equal(asContributor.statusCode, 200);
    assert.deepEqual(asContributor.json().pbi_groups, ['NW-Sales']);
    const asAdmin = await call('admin@demo.test', 'GET', `/api/user/${await userId('user@contoso.test')}`);
    assert.equal(asAdmin.statusCode, 200);
    assert.equal(asAdmin.json().entity.id, await entityId('Contoso'));
  });

  test('should set a profile image of category profile on one’s own profile, and unset it', async () => {
    const image = await insertImage('profile', 'Nina at the lake');
    // Another person's picture is refused like a missing one: its URL (and key) is not hers to learn.
    assert.equal((await call('user@northwind.test', 'PUT', `/api/user/set-my-profile-image/${image}`)).statusCode, 404);
    await (await testDb()).query('UPDATE images SET created_by = $1 WHERE id = $2', [await userId('user@northwind.test'), image]);
    const set = await call('user@northwind.test', 'PUT', `/api/user/set-my-profile-image/${image}`);
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().profile_image.id, image);
    assert.match(set.json().profile_image.url, new RegExp(`/api/images/${image}/file/[0-9a-f]{32}(\\?|$)`));
    const me = (await call('user@northwind.test', 'GET', '/api/auth/user')).json();
    assert.equal(me.profile_image.name, 'Nina at the lake');
    // Nobody else's profile changed.
    const colleague = (await call('contributor@northwind.test', 'GET', '/api/auth/user')).json();
    assert.equal(colleague.profile_image, null);

    const unset = await call('user@northwind.test', 'PUT', '/api/user/unset-my-profile-image');
    assert.equal(unset.statusCode, 200);
    assert.equal(unset.json().profile_image, null);
  });

  test('should refuse an image of another category (400) and an unknown image (404)', async () => {
    for (const category of ['logo', 'banner', 'thumbnail', 'description'] as const) {
      const image = await insertImage(category);
      const refused = await call('user@northwind.test', 'PUT', `/api/user/set-my-profile-image/${image}`);
      assert.equal(refused.statusCode, 400, category);
      assert.equal(refused.json().message, USER_MESSAGES.notProfileImage);
    }
    const missing = await call('user@northwind.test', 'PUT', '/api/user/set-my-profile-image/999999');
    assert.equal(missing.statusCode, 404);
    assert.equal((await call('user@northwind.test', 'GET', '/api/auth/user')).json().profile_image, null);
  });

  test("should refuse to change the displayed user's profile image during display-as", async () => {
    const image = await insertImage('profile');
    const nina = await userId('user@northwind.test');
    const headers = { 'display-as-user-id': String(nina) };
    const refused = await call('admin@demo.test', 'PUT', `/api/user/set-my-profile-image/${image}`, { headers });
    assert.equal(refused.statusCode, 403);
    assert.equal((await call('admin@demo.test', 'PUT', '/api/user/unset-my-profile-image', { headers })).statusCode, 403);
    assert.equal((await call('user@northwind.test', 'GET', '/api/auth/user')).json().profile_image, null);
    assert.equal((await call('admin@demo.test', 'GET', '/api/auth/user')).json().profile_image, null);
  });
});
