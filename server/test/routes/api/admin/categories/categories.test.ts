import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../../test-support/helper';
import { audited, count, rowId } from '../../../../test-support/content-caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const ADMIN = 'admin@demo.test';

describe(`categories (${DB_KIND})`, () => {
  const { call } = signedInApp();

  test('should create a category with the default colour #999999, and audit it', async () => {
    const created = await call(ADMIN, 'POST', '/api/admin/categories', { payload: { name: 'Security' } });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual({ ...(created.json() as object), id: 0 }, { id: 0, name: 'Security', color: '#999999' });
    assert.equal((await audited('category.create', created.json().id)).length, 1);
    const coloured = await call(ADMIN, 'POST', '/api/admin/categories', { payload: { name: 'Finance', color: '#1a2B3c' } });
    assert.equal(coloured.json().color, '#1a2B3c');
  });

  test('should refuse a colour that is not #rrggbb and a missing name, naming the field', async () => {
    for (const color of ['red', '#fff', '#12345g', '1234567', '#1234567']) {
      const refused = await call(ADMIN, 'POST', '/api/admin/categories', { payload: { name: 'x', color } });
      assert.equal(refused.statusCode, 400, color);
      assert.equal(refused.json().message, 'color: Please enter a colour as #rrggbb');
    }
    assert.equal(
      (await call(ADMIN, 'POST', '/api/admin/categories', { payload: { color: '#123456' } })).json().message,
      'name: This field is required',
    );
    assert.equal(await count(`SELECT count(*)::int AS count FROM categories WHERE name = 'x'`), 0);
  });

  test('should read, update and delete; content keeps going without a deleted category', async () => {
    const governance = await rowId(`SELECT id FROM categories WHERE name = 'Governance'`);
    assert.deepEqual((await call(ADMIN, 'GET', `/api/admin/categories/${governance}`)).json(), {
      id: governance,
      name: 'Governance',
      color: '#999999',
    });
    const updated = await call(ADMIN, 'PUT', `/api/admin/categories/${governance}`, { payload: { color: '#000000' } });
    assert.deepEqual(updated.json(), { id: governance, name: 'Governance', color: '#000000' });
    assert.equal((await call(ADMIN, 'DELETE', `/api/admin/categories/${governance}`)).statusCode, 204);
    assert.equal((await call(ADMIN, 'GET', `/api/admin/categories/${governance}`)).statusCode, 404);
    assert.equal((await call(ADMIN, 'DELETE', `/api/admin/categories/${governance}`)).statusCode, 404);
    assert.equal((await call(ADMIN, 'PUT', `/api/admin/categories/${governance}`, { payload: { name: 'x' } })).statusCode, 404);
    assert.equal(await count('SELECT count(*)::int AS count FROM advices WHERE category_id IS NULL'), 2);
    assert.equal((await audited('category.update', governance)).length, 1);
    assert.equal((await audited('category.delete', governance)).length, 1);
  });

  test('should keep the console to administrators, and show the list to every signed-in user', async () => {
    for (const email of ['contributor@northwind.test', 'publisher@demo.test', 'user@northwind.test']) {
      assert.equal((await call(email, 'GET', '/api/admin/categories')).statusCode, 403, email);
      assert.equal((await call(email, 'POST', '/api/admin/categories', { payload: { name: 'x' } })).statusCode, 403, email);
    }
    const list = await call('user@northwind.test', 'GET', '/api/categories');
    assert.equal(list.statusCode, 200);
    assert.deepEqual(
      list.json().items.map((c: { name: string }) => c.name),
      ['Data quality', 'Governance', 'Performance'],
    );
  });

  test('should search the categories by name, case-insensitively, with % taken literally', async () => {
    const found = await call(ADMIN, 'GET', '/api/admin/categories?search=QUAL');
    assert.deepEqual(
      found.json().items.map((c: { name: string }) => c.name),
      ['Data quality'],
    );
    assert.equal(found.json().total, 1);
    assert.equal((await call(ADMIN, 'GET', '/api/admin/categories?search=%25')).json().total, 0);
  });
});
