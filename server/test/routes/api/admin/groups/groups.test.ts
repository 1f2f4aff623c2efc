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

  test('should refuse the groups to contributors and publishers', async () => {
    const group = await northwindSales();
    for (const email of ['contributor@northwind.test', 'publisher@demo.test', 'user@northwind.test']) {
      assert.equal((await call(email, 'GET', '/api/admin/groups')).statusCode, 403);
      assert.equal((await call(email, 'POST', '/api/admin/groups', { payload: { name: 'Mine' } })).statusCode, 403);
      assert.equal((await call(email, 'PUT', `/api/admin/groups/${group}`, { payload: { name: 'Mine' } })).statusCode, 403);
      assert.equal((await call(email, 'DELETE', `/api/admin/groups/${group}`)).statusCode, 403);
    }
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
    assert.deepEqual(
      group.users.map((user: { id: number }) => user.id),
      [carl],
    );
    assert.deepEqual(await pbiGroups('user@contoso.test'), ['CT-Finance', 'FIN-Readers']);

    const renamed = await call('admin@demo.test', 'PUT', `/api/admin/groups/${group.id}`, { payload: { pbi_group_name: 'FIN-All' } });
    assert.equal(renamed.statusCode, 200);
    assert.equal(renamed.json().name, 'Finance readers');
    assert.deepEqual(await pbiGroups('user@contoso.test'), ['CT-Finance', 'FIN-All']);

    const moved = await call('admin@demo.test', 'PUT', `/api/admin/groups/${group.id}`, { payload: { user_ids: [nina] } });
    assert.deepEqual(
      moved.json().users.map((user: { id: number }) => user.id),
      [nina],
    );
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
});
