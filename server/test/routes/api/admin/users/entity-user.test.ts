import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { USER_MESSAGES } from '@hub/shared/api';
import { DB_KIND, userId } from '../../../../test-support/helper';
import { entityId } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

describe(`the entity admin area's user details, /api/admin/users/entity/{id}/user/{userId} (${DB_KIND})`, () => {
  const { call } = signedInApp();
  const url = (entity: number, user: number) => `/api/admin/users/entity/${entity}/user/${user}`;

  test('should show a contributor a user of their own entity, read-only fields only', async () => {
    const northwind = await entityId('Northwind Traders');
    const response = await call('contributor@northwind.test', 'GET', url(northwind, await userId('user@northwind.test')));
    assert.equal(response.statusCode, 200, response.body);
    const user = response.json();
    assert.equal(user.email, 'user@northwind.test');
    assert.equal(user.entity.name, 'Northwind Traders');
    assert.deepEqual(Object.keys(user).sort(), [
      'contact_enable',
      'email',
      'entity',
      'first_name',
      'id',
      'last_name',
      'profile_image',
      'rights',
    ]);
  });

  test("should answer 404 for another company's user typed under one's own entity, and 403 for another entity", async () => {
    const [northwind, contoso] = [await entityId('Northwind Traders'), await entityId('Contoso')];
    const contosoUser = await userId('user@contoso.test');
    const typed = await call('contributor@northwind.test', 'GET', url(northwind, contosoUser));
    assert.equal(typed.statusCode, 404);
    assert.equal(typed.json().message, USER_MESSAGES.notFound);
    assert.equal((await call('contributor@northwind.test', 'GET', url(northwind, 999999))).statusCode, 404);
    const other = await call('contributor@northwind.test', 'GET', url(contoso, contosoUser));
    assert.equal(other.statusCode, 403);
    assert.equal(other.json().message, USER_MESSAGES.otherEntity);
    // An administrator reads any entity's, still only under the entity the user belongs to.
    assert.equal((await call('admin@demo.test', 'GET', url(contoso, contosoUser))).statusCode, 200);
    assert.equal((await call('admin@demo.test', 'GET', url(northwind, contosoUser))).statusCode, 404);
    assert.equal((await call('user@northwind.test', 'GET', url(northwind, await userId('user@northwind.test')))).statusCode, 403);
  });
});
