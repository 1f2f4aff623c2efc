import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { USER_MESSAGES } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../../test-support/helper';
import { insertImage } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

describe(`the users console: administrators kept, profile image (${DB_KIND})`, () => {
  const { call } = signedInApp();
  const administrators = async () =>
    (
      await (await testDb()).query<{ email: string }>(`SELECT email FROM users WHERE 'administrator' = ANY(rights) ORDER BY email`)
    ).rows.map((row) => row.email);

  test('should refuse an administrator dropping their own right, with the message at the rights field', async () => {
    const admin = await userId('admin@demo.test');
    const response = await call('admin@demo.test', 'PUT', `/api/admin/users/${admin}`, { payload: { rights: ['publisher'] } });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, `rights: ${USER_MESSAGES.ownAdministratorRight}`);
    assert.deepEqual(await administrators(), ['admin@demo.test']);
  });

  test('should let an administrator demote another one, and never leave the hub without an administrator', async () => {
    const [admin, colin] = [await userId('admin@demo.test'), await userId('consultant@demo.test')];
    const raised = await call('admin@demo.test', 'PUT', `/api/admin/users/${colin}`, { payload: { rights: ['administrator'] } });
    assert.equal(raised.statusCode, 200, raised.body);
    assert.deepEqual(await administrators(), ['admin@demo.test', 'consultant@demo.test']);
    // Both sign in first, so that each one's session still says administrator when they demote each other at once.
    await call('consultant@demo.test', 'GET', '/api/auth/user');
    const [one, other] = await Promise.all([
      call('admin@demo.test', 'PUT', `/api/admin/users/${colin}`, { payload: { rights: ['contributor'] } }),
      call('consultant@demo.test', 'PUT', `/api/admin/users/${admin}`, { payload: { rights: ['contributor'] } }),
    ]);
    const statuses = [one.statusCode, other.statusCode];
    assert.ok(statuses.includes(200), statuses.join());
    const refused = [one, other].find((response) => response.statusCode !== 200)!;
    assert.ok([400, 403].includes(refused.statusCode), refused.body);
    if (refused.statusCode === 400) assert.equal(refused.json().message, `rights: ${USER_MESSAGES.lastAdministrator}`);
    assert.equal((await administrators()).length, 1);
  });

  test('should set and remove the profile image, refusing a picture that is not a profile image', async () => {
    const nina = await userId('user@northwind.test');
    const [profile, banner] = [await insertImage('profile', 'Nina smiling'), await insertImage('banner')];
    const set = await call('admin@demo.test', 'PUT', `/api/admin/users/${nina}`, { payload: { profile_image_id: profile } });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().profile_image.name, 'Nina smiling');
    const wrong = await call('admin@demo.test', 'PUT', `/api/admin/users/${nina}`, { payload: { profile_image_id: banner } });
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().message, `profile_image_id: ${USER_MESSAGES.notProfileImage}`);
    const missing = await call('admin@demo.test', 'PUT', `/api/admin/users/${nina}`, { payload: { profile_image_id: 999999 } });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, `profile_image_id: ${USER_MESSAGES.imageNotFound}`);
    assert.equal((await call('admin@demo.test', 'GET', `/api/admin/users/${nina}`)).json().profile_image.id, profile);
    const removed = await call('admin@demo.test', 'PUT', `/api/admin/users/${nina}`, { payload: { profile_image_id: null } });
    assert.equal(removed.json().profile_image, null);
  });
});
