import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GROUP_MESSAGES } from '@hub/shared/api';
import { DB_KIND, userId } from '../../../../test-support/helper';
import { auditLines, idOf } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

describe(`groups, /api/admin/groups (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const pbiGroups = async (email: string) =>
    (await call('admin@demo.test', 'GET', `/api/admin/users/${await userId(email)}`)).json().pbi_groups as string[];
  const northwindSales = () => idOf('SELECT id FROM groups WHERE name = $1', ['Northwind sales']);
  /** One page of a group's members (GET /api/admin/groups/{id}/users), as the console reads it. */
  const members = async (group: number, query = '') => {
    const page = await call('admin@demo.test', 'GET', `/api/admin/groups/${group}/users${query}`);
    assert.equal(page.statusCode, 200, page.body);
    return page.json() as { items: Array<{ id: number; email: string }>; total: number; page: number; page_size: number };
  };
  const memberIds = async (group: number) => (await members(group, '?page_size=100')).items.map((user) => user.id);
  const emails = (list: { items: Array<{ email: string }> }) => list.items.map((user) => user.email);

  test('should refuse the groups to contributors and publishers', async () => {
    const group = await northwindSales();
    const carl = await userId('user@contoso.test');
    for (const email of ['contributor@northwind.test', 'publisher@demo.test', 'user@northwind.test']) {
      assert.equal((await call(email, 'GET', '/api/admin/groups')).statusCode, 403);
      assert.equal((await call(email, 'POST', '/api/admin/groups', { payload: { name: 'Mine' } })).statusCode, 403);
      assert.equal((await call(email, 'PUT', `/api/admin/groups/${group}`, { payload: { name: 'Mine' } })).statusCode, 403);
      assert.equal((await call(email, 'DELETE', `/api/admin/groups/${group}`)).statusCode, 403);
      assert.equal((await call(email, 'GET', `/api/admin/groups/${group}/users`)).statusCode, 403);
      assert.equal((await call(email, 'PUT', `/api/admin/groups/${group}/users/add/${carl}`)).statusCode, 403);
      assert.equal((await call(email, 'PUT', `/api/admin/groups/${group}/users/remove/${carl}`)).statusCode, 403);
    }
    assert.deepEqual(await auditLines('group.user.add'), []);
    assert.equal((await call('admin@demo.test', 'GET', `/api/admin/groups/${group}`)).json().name, 'Northwind sales');
  });

  test('should list the groups with their member counts', async () => {
    const list = await call('admin@demo.test', 'GET', '/api/admin/groups');
    assert.equal(list.statusCode, 200);
    assert.deepEqual(
      list
        .json()
        .items.map((group: { name: string; pbi_group_name: string; users_count: number }) => [
          group.name,
          group.pbi_group_name,
          group.users_count,
        ]),
      [
        ['Contoso finance', 'CT-Finance', 1],
        ['Northwind sales', 'NW-Sales', 2],
      ],
    );
    assert.equal((await call('admin@demo.test', 'GET', '/api/admin/groups?search=nw-')).json().total, 1);
  });

  test('should create a group with members, whose pbi_groups follow, and change and delete it, audited', async () => {
    const carl = await userId('user@contoso.test');
    const nina = await userId('user@northwind.test');
    const created = await call('admin@demo.test', 'POST', '/api/admin/groups', {
      payload: { name: 'Finance readers', pbi_group_name: 'FIN-Readers', user_ids: [carl] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const group = created.json();
    assert.deepEqual(group, { id: group.id, name: 'Finance readers', pbi_group_name: 'FIN-Readers', users_count: 1 });
    assert.deepEqual(await memberIds(group.id), [carl]);
    assert.deepEqual(await pbiGroups('user@contoso.test'), ['CT-Finance', 'FIN-Readers']);

    const renamed = await call('admin@demo.test', 'PUT', `/api/admin/groups/${group.id}`, { payload: { pbi_group_name: 'FIN-All' } });
    assert.equal(renamed.statusCode, 200);
    assert.equal(renamed.json().name, 'Finance readers');
    assert.deepEqual(await pbiGroups('user@contoso.test'), ['CT-Finance', 'FIN-All']);

    const moved = await call('admin@demo.test', 'PUT', `/api/admin/groups/${group.id}`, { payload: { user_ids: [nina] } });
    assert.equal(moved.json().users_count, 1);
    assert.deepEqual(await memberIds(group.id), [nina]);
    assert.deepEqual(await pbiGroups('user@contoso.test'), ['CT-Finance']);
    assert.deepEqual(await pbiGroups('user@northwind.test'), ['FIN-All', 'NW-Sales']);

    assert.equal((await call('admin@demo.test', 'DELETE', `/api/admin/groups/${group.id}`)).statusCode, 204);
    assert.deepEqual(await pbiGroups('user@northwind.test'), ['NW-Sales']);
    assert.equal((await call('admin@demo.test', 'GET', `/api/admin/groups/${group.id}`)).statusCode, 404);

    assert.equal((await auditLines('group.create')).length, 1);
    assert.equal((await auditLines('group.update')).length, 2);
    assert.equal((await auditLines('group.delete'))[0]!.item_id, group.id);
  });

  test('should refuse a name or a report-server name taken (409) and an unknown member (400)', async () => {
    const sameName = await call('admin@demo.test', 'POST', '/api/admin/groups', { payload: { name: 'Northwind sales' } });
    assert.equal(sameName.statusCode, 409);
    assert.equal(sameName.json().message, GROUP_MESSAGES.nameTaken);
    const samePbi = await call('admin@demo.test', 'POST', '/api/admin/groups', { payload: { name: 'Sales', pbi_group_name: 'nw-sales' } });
    assert.equal(samePbi.statusCode, 409);
    assert.equal(samePbi.json().message, GROUP_MESSAGES.pbiNameTaken);
    const unknown = await call('admin@demo.test', 'POST', '/api/admin/groups', { payload: { name: 'Sales', user_ids: [999999] } });
    assert.equal(unknown.statusCode, 400);
    assert.equal((await call('admin@demo.test', 'PUT', '/api/admin/groups/999999', { payload: { name: 'X' } })).statusCode, 404);
    assert.deepEqual(await auditLines('group.create'), []);
  });

  test('should answer a group with the count of its members, and page and search the members on their own route', async () => {
    const group = await northwindSales();
    const detail = await call('admin@demo.test', 'GET', `/api/admin/groups/${group}`);
    assert.equal(detail.statusCode, 200);
    assert.deepEqual(detail.json(), { id: group, name: 'Northwind sales', pbi_group_name: 'NW-Sales', users_count: 2 });

    // By last name, then first name: Chris Contributor before Nina North; as the users lists answer them.
    const all = await members(group);
    assert.deepEqual(emails(all), ['contributor@northwind.test', 'user@northwind.test']);
    assert.equal(all.total, 2);
    assert.equal(all.items[0]!.email, 'contributor@northwind.test');
    assert.deepEqual(Object.keys(all.items[0]!).sort(), [
      'contact_enable',
      'email',
      'entity',
      'first_name',
      'id',
      'last_name',
      'profile_image',
      'rights',
    ]);
    const second = await members(group, '?page=2&page_size=1');
    assert.deepEqual(emails(second), ['user@northwind.test']);
    assert.deepEqual([second.total, second.page, second.page_size], [2, 2, 1]);
    assert.deepEqual(emails(await members(group, '?search=NINA')), ['user@northwind.test']);
    assert.deepEqual(emails(await members(group, '?search=nina%20north')), ['user@northwind.test']);
    assert.deepEqual(await members(group, '?search=contoso'), { items: [], total: 0, total_capped: false, page: 1, page_size: 20 });

    // The page size is bounded as every list's is; a group that does not exist is a 404.
    assert.equal((await call('admin@demo.test', 'GET', `/api/admin/groups/${group}/users?page_size=101`)).statusCode, 400);
    const missing = await call('admin@demo.test', 'GET', '/api/admin/groups/999999/users');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, GROUP_MESSAGES.notFound);

    // The double list's left side: everyone who is not a member.
    const others = await call('admin@demo.test', 'GET', `/api/admin/users?not_group=${group}&page_size=100`);
    assert.equal(others.statusCode, 200);
    const otherEmails = emails(others.json());
    assert.ok(otherEmails.includes('user@contoso.test'));
    assert.ok(!otherEmails.includes('user@northwind.test') && !otherEmails.includes('contributor@northwind.test'));
    assert.deepEqual(emails((await call('admin@demo.test', 'GET', `/api/admin/users?not_group=${group}&search=north`)).json()), []);
  });

  test('should add and remove one member at a time, their pbi_groups following, audited', async () => {
    const group = await northwindSales();
    const carl = await userId('user@contoso.test');
    const nina = await userId('user@northwind.test');

    const added = await call('admin@demo.test', 'PUT', `/api/admin/groups/${group}/users/add/${carl}`);
    assert.equal(added.statusCode, 200, added.body);
    assert.deepEqual(added.json(), { id: group, name: 'Northwind sales', pbi_group_name: 'NW-Sales', users_count: 3 });
    assert.deepEqual(await pbiGroups('user@contoso.test'), ['CT-Finance', 'NW-Sales']);
    assert.ok((await memberIds(group)).includes(carl));
    assert.deepEqual((await auditLines('group.user.add'))[0], {
      actor_id: await userId('admin@demo.test'),
      item_id: group,
      details: { user_id: carl },
    });
    // A member added again: nothing changes, nothing more is audited.
    assert.equal((await call('admin@demo.test', 'PUT', `/api/admin/groups/${group}/users/add/${carl}`)).json().users_count, 3);
    assert.equal((await auditLines('group.user.add')).length, 1);

    const removed = await call('admin@demo.test', 'PUT', `/api/admin/groups/${group}/users/remove/${nina}`);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(removed.json().users_count, 2);
    assert.deepEqual(await pbiGroups('user@northwind.test'), []);
    assert.ok(!(await memberIds(group)).includes(nina));
    assert.deepEqual((await auditLines('group.user.remove'))[0]!.details, { user_id: nina });

    // Not a member any more: a 404 that says so, and nothing changes.
    const notThere = await call('admin@demo.test', 'PUT', `/api/admin/groups/${group}/users/remove/${nina}`);
    assert.equal(notThere.statusCode, 404);
    assert.equal(notThere.json().message, GROUP_MESSAGES.userNotInGroup);
    assert.equal((await auditLines('group.user.remove')).length, 1);
    // A group or a user that does not exist.
    assert.equal((await call('admin@demo.test', 'PUT', `/api/admin/groups/999999/users/add/${carl}`)).statusCode, 404);
    assert.equal((await call('admin@demo.test', 'PUT', `/api/admin/groups/${group}/users/add/999999`)).statusCode, 404);
    assert.equal((await call('admin@demo.test', 'PUT', `/api/admin/groups/${group}/users/remove/999999`)).statusCode, 404);
    assert.equal((await call('admin@demo.test', 'PUT', `/api/admin/groups/${group}/users/add/0`)).statusCode, 400);
    assert.equal((await auditLines('group.user.add')).length, 1);
  });
});
