import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, userId } from '../../../test-support/helper';
import { entityId } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';

describe(`display-as and the context headers (${DB_KIND})`, () => {
  const hub = signedInApp();

  const call = (email: string, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
    hub.call(email, method, url, { headers, payload });

  test('should let an administrator start display-as for an existing user, and write it to the audit log', async () => {
    const target = await userId('user@northwind.test');
    const started = await call('admin@demo.test', 'POST', '/api/auth/check-display-as', {}, { display_as_user_id: target });
    assert.equal(started.statusCode, 200, started.body);
    assert.deepEqual(started.json(), { status: 'success', display_as_user: { id: target } });

    const audit = await call('admin@demo.test', 'GET', '/api/admin/audit');
    assert.equal(audit.statusCode, 200, audit.body);
    const [line] = audit.json().items;
    assert.equal(line.action, 'display-as.start');
    assert.equal(line.actor.email, 'admin@demo.test');
    assert.equal(line.item_type, 'user');
    assert.equal(line.item_id, target);
  });

  test('should refuse display-as to anyone but an administrator, and for a user who does not exist', async () => {
    const target = await userId('user@northwind.test');
    for (const email of ['user@northwind.test', 'contributor@northwind.test', 'publisher@demo.test']) {
      const refused = await call(email, 'POST', '/api/auth/check-display-as', {}, { display_as_user_id: target });
      assert.equal(refused.statusCode, 403, `${email}: ${refused.body}`);
    }
    const missing = await call('admin@demo.test', 'POST', '/api/auth/check-display-as', {}, { display_as_user_id: 999999 });
    assert.equal(missing.statusCode, 404);
  });

  test('should answer as the displayed user while the header is sent by an administrator', async () => {
    const target = await userId('user@contoso.test');
    const shown = await call('admin@demo.test', 'GET', '/api/auth/user', { 'display-as-user-id': String(target) });
    assert.equal(shown.statusCode, 200, shown.body);
    assert.equal(shown.json().email, 'user@contoso.test');
    const advices = await call('admin@demo.test', 'GET', '/api/advices', { 'display-as-user-id': String(target) });
    assert.ok(advices.json().items.length > 0);
    assert.ok(advices.json().items.every((advice: { entity: { name: string } }) => advice.entity.name === 'Contoso'));
    // As a plain user, the administrator is refused what that user would be refused.
    const admin = await call('admin@demo.test', 'GET', '/api/admin/audit', { 'display-as-user-id': String(target) });
    assert.equal(admin.statusCode, 403);
  });

  test('should refuse the display-as header from anyone else, and for an unknown user', async () => {
    const target = await userId('user@contoso.test');
    const refused = await call('contributor@northwind.test', 'GET', '/api/auth/user', { 'display-as-user-id': String(target) });
    assert.equal(refused.statusCode, 403);
    const unknown = await call('admin@demo.test', 'GET', '/api/auth/user', { 'display-as-user-id': '999999' });
    assert.equal(unknown.statusCode, 403);
    const garbage = await call('admin@demo.test', 'GET', '/api/auth/user', { 'display-as-user-id': '1 OR 1=1' });
    assert.equal(garbage.statusCode, 403);
  });

  test('should honour includes_unpublished for an administrator displaying a user, and not for the user', async () => {
    const target = await userId('user@northwind.test');
    const asUser = await call('user@northwind.test', 'GET', '/api/advices?includes_unpublished=true');
    assert.ok(!asUser.json().items.some((advice: { status: number }) => advice.status === 0));
    const displayed = await call('admin@demo.test', 'GET', '/api/advices?includes_unpublished=true', {
      'display-as-user-id': String(target),
    });
    assert.ok(displayed.json().items.some((advice: { status: number }) => advice.status === 0));
  });

  test('should honour X-Entity-ID for an administrator on any entity and a contributor on their own, and refuse it otherwise', async () => {
    const northwind = await entityId('Northwind Traders');
    const contoso = await entityId('Contoso');
    const admin = await call('admin@demo.test', 'GET', '/api/advices', { 'x-entity-id': String(contoso) });
    assert.equal(admin.statusCode, 200);
    assert.ok(admin.json().items.every((advice: { entity: { name: string } }) => advice.entity.name === 'Contoso'));
    assert.equal((await call('contributor@northwind.test', 'GET', '/api/advices', { 'x-entity-id': String(northwind) })).statusCode, 200);
    assert.equal((await call('contributor@northwind.test', 'GET', '/api/advices', { 'x-entity-id': String(contoso) })).statusCode, 403);
    assert.equal((await call('user@northwind.test', 'GET', '/api/advices', { 'x-entity-id': String(northwind) })).statusCode, 403);
    assert.equal((await call('admin@demo.test', 'GET', '/api/advices', { 'x-entity-id': '999999' })).statusCode, 403);
  });
});
