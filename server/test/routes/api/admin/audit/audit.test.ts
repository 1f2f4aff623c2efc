import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb, userId } from '../../../../test-support/helper';
import { idOf } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

interface Line {
  action: string;
  actor: { email: string; name: string } | null;
  display_as_user: { email: string; name: string } | null;
  item_type: string | null;
  item_id: number | null;
  item_exists: boolean;
  at: string;
}

describe(`the audit log, /api/admin/audit (${DB_KIND})`, () => {
  const { call } = signedInApp();
  const audit = async (query = '') => {
    const response = await call('admin@demo.test', 'GET', `/api/admin/audit${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { items: Line[]; total: number; page: number; page_size: number };
  };

  /** Three writes of the administrator (a group created, then deleted; a category created) and one display-as start. */
  async function someHistory() {
    const group = (await call('admin@demo.test', 'POST', '/api/admin/groups', { payload: { name: 'Auditors' } })).json().id as number;
    assert.equal((await call('admin@demo.test', 'DELETE', `/api/admin/groups/${group}`)).statusCode, 204);
    const category = (
      await call('admin@demo.test', 'POST', '/api/admin/categories', { payload: { name: 'Audited', color: '#123456' } })
    ).json().id as number;
    const shown = await userId('user@contoso.test');
    assert.equal(
      (await call('admin@demo.test', 'POST', '/api/auth/check-display-as', { payload: { display_as_user_id: shown } })).statusCode,
      200,
    );
    return { group, category, shown };
  }

  test('should list who, as whom, what, which item and when, newest first, and say whether the item still exists', async () => {
    const { group, category, shown } = await someHistory();
    const { items, total } = await audit();
    // The sign-in of the administrator first.
    assert.equal(total, 5);
    assert.deepEqual(
      items.map((line) => [line.action, line.item_type, line.item_id, line.item_exists]),
      [
        ['display-as.start', 'user', shown, true],
        ['category.create', 'category', category, true],
        ['group.delete', 'group', group, false],
        ['group.create', 'group', group, false],
        ['login', items[4]!.item_type, items[4]!.item_id, items[4]!.item_exists],
      ],
    );
    assert.deepEqual(items[0]!.actor, { id: await userId('admin@demo.test'), email: 'admin@demo.test', name: items[0]!.actor!.name });
    assert.ok(items[0]!.actor!.name.length > 0);
    assert.ok(Date.parse(items[0]!.at) <= Date.now());
  });

  test('should record a write made while displaying a user with that user as whom', async () => {
    const shown = await userId('contributor@northwind.test');
    const headers = { 'display-as-user-id': String(shown) };
    // Display-as only looks: a write in it is refused, and the refusal writes nothing.
    assert.equal((await call('admin@demo.test', 'POST', '/api/admin/groups', { payload: { name: 'Nope' }, headers })).statusCode, 403);
    await (
      await testDb()
    ).query(
      `INSERT INTO audit_log (actor_id, display_as_user_id, action, item_type, item_id) VALUES ($1, $2, 'advice.update', 'advice', NULL)`,
      [await userId('admin@demo.test'), shown],
    );
    const [line] = (await audit()).items;
    assert.equal(line!.display_as_user!.email, 'contributor@northwind.test');
    assert.equal(line!.item_exists, false);
  });

  test('should filter by person (actor or displayed user, email or name), action, item type and date range, and page on the server', async () => {
    await someHistory();
    const admin = await userId('admin@demo.test');
    const shown = await userId('user@contoso.test');
    // A write seen while displaying user@contoso.test, long ago.
    await (
      await testDb()
    ).query(
      `INSERT INTO audit_log (actor_id, display_as_user_id, action, item_type, item_id, at)
       VALUES ($1, $2, 'entity.update', 'entity', $3, '2024-03-10T12:00:00Z')`,
      [admin, shown, await idOf('SELECT id FROM entities WHERE name = $1', ['Contoso'])],
    );

    assert.deepEqual(
      (await audit('?action=group.create')).items.map((line) => line.action),
      ['group.create'],
    );
    assert.deepEqual(
      (await audit('?item_type=group')).items.map((line) => line.action),
      ['group.delete', 'group.create'],
    );
    // user@contoso.test was displayed once: found by part of the email, without case, or by name.
    const displayed = await audit('?person=USER%40CONTOSO');
    assert.deepEqual(
      displayed.items.map((line) => [line.action, line.display_as_user!.email]),
      [['entity.update', 'user@contoso.test']],
    );
    const { first_name: first, last_name: last } = (await call('admin@demo.test', 'GET', `/api/admin/users/${shown}`)).json();
    assert.equal((await audit(`?person=${encodeURIComponent(`${first} ${last}`.toLowerCase())}`)).total, 1);
    assert.equal((await audit('?person=nobody-at-all')).total, 0);
    // The administrator: the sign-in, the four writes and the old line.
    assert.equal((await audit('?person=admin%40demo')).total, 6);
    assert.equal((await audit(`?actor_id=${admin}`)).total, 6);

    const march = await audit('?from=2024-03-01T00:00:00.000Z&to=2024-04-01T00:00:00.000Z');
    assert.deepEqual(
      march.items.map((line) => [line.action, line.item_exists]),
      [['entity.update', true]],
    );
    assert.equal((await audit('?from=2024-03-11T00:00:00.000Z')).total, 5);
    assert.equal((await audit('?to=2024-03-10T12:00:00.000Z')).total, 0);

    const second = await audit('?page=2&page_size=2');
    assert.deepEqual([second.total, second.page, second.page_size, second.items.length], [6, 2, 2, 2]);
    assert.deepEqual(
      second.items.map((line) => line.action),
      ['group.delete', 'group.create'],
    );
  });

  test('should refuse a date that is not one', async () => {
    assert.equal((await call('admin@demo.test', 'GET', '/api/admin/audit?from=yesterday')).statusCode, 400);
  });

  test('should list the actions and item types the log holds, for the filters, to administrators only', async () => {
    await someHistory();
    const response = await call('admin@demo.test', 'GET', '/api/admin/audit/filters');
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      actions: ['category.create', 'display-as.start', 'group.create', 'group.delete', 'login'],
      item_types: ['category', 'group', 'user'],
    });
    for (const email of ['contributor@northwind.test', 'publisher@demo.test', 'user@northwind.test']) {
      assert.equal((await call(email, 'GET', '/api/admin/audit/filters')).statusCode, 403);
    }
  });
});
