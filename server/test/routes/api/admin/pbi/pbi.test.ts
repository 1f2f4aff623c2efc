import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { PBI_MESSAGES } from '@hub/shared/api';
import { demoCatalog, ROLES, startFakeReportServer, type FakeReportServer } from '../../../../../src/lib/power-bi/fake-report-server';
import { build, DB_KIND, testDb, userId } from '../../../../test-support/helper';
import { auditLines, caller } from '../../../../test-support/caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

describe(`the Power BI Report Server sync, /api/admin/pbi (${DB_KIND})`, () => {
  let server: FakeReportServer;
  before(async () => {
    // The stand-in demands basic authentication, so the connector is shown to send it.
    server = await startFakeReportServer({ credentials: { user: 'hub-sync', password: 's3cret' } });
  });
  const hub = signedInApp({ config: () => ({ pbirsUrl: server.url, pbirsUser: 'hub-sync', pbirsPassword: 's3cret' }) });
  const { call } = hub;
  after(() => server.close());
  beforeEach(() => {
    server.items.splice(0, server.items.length, ...demoCatalog());
    server.requests.length = 0;
  });

  const groups = async () => {
    const { rows } = await (
      await testDb()
    ).query<{ name: string; pbi_group_name: string | null }>('SELECT name, pbi_group_name FROM groups');
    // Sorted here: PGlite and a PostgreSQL server may collate differently.
    return rows.map((row) => [row.name, row.pbi_group_name]).sort(([a], [b]) => (a! < b! ? -1 : 1));
  };
  const pbiGroupsOf = async (email: string) =>
    (await (await testDb()).query<{ pbi_groups: string[] }>('SELECT pbi_groups FROM users WHERE email = $1', [email])).rows[0]!.pbi_groups;

  test('should refuse the sync to contributors and publishers, and call no report server for them', async () => {
    for (const email of ['contributor@northwind.test', 'publisher@demo.test']) {
      assert.equal((await call(email, 'PUT', '/api/admin/pbi/refresh-groups')).statusCode, 403);
      assert.equal((await call(email, 'PUT', '/api/admin/pbi/refresh-users')).statusCode, 403);
    }
    assert.deepEqual(server.requests, []);
  });

  test("should create a group for every group named in the server's policies, skipping users and built-in principals", async () => {
    const response = await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups');
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.status, 'success');
    assert.equal(body.found, 3);
    assert.equal(body.created, 1);
    assert.equal(body.updated, 0);
    assert.equal(body.unchanged, 2);
    assert.equal(body.not_on_server, 0);
    assert.deepEqual(
      body.groups.map((group: { pbi_group_name: string }) => group.pbi_group_name),
      ['CT-Finance', 'NW-Marketing', 'NW-Sales'],
    );
    assert.deepEqual(await groups(), [
      ['Contoso finance', 'CT-Finance'],
      ['NW-Marketing', 'NW-Marketing'],
      ['Northwind sales', 'NW-Sales'],
    ]);
    // It read the catalog and the policies of the items that do not inherit theirs, with basic authentication.
    assert.ok(server.requests.some((line) => line.startsWith('GET /reports/api/v2.0/CatalogItems?')));
    assert.ok(server.requests.some((line) => line.endsWith(`/CatalogItems(${server.item('/Northwind').Id})/Policies`)));
    const [line] = await auditLines('pbi.refresh-groups');
    assert.equal(line!.details!.created, 1);

    // Again: nothing new.
    const again = (await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups')).json();
    assert.deepEqual([again.found, again.created, again.updated, again.unchanged], [3, 0, 0, 3]);
  });

  test('should count the hub groups the server no longer names, and keep them', async () => {
    server.item('/Contoso').Policies = [];
    server.item('/Contoso/Projects').Policies = [];
    const body = (await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups')).json();
    assert.deepEqual([body.found, body.created, body.unchanged, body.not_on_server], [2, 1, 1, 1]);
    assert.ok((await groups()).some(([name]) => name === 'Contoso finance'));
    assert.equal((await auditLines('pbi.refresh-groups'))[0]!.details!.not_on_server, 1);
  });

  test('should give a report-server name to the hub group of the same name that has none, and strip a domain', async () => {
    await (await testDb()).query(`INSERT INTO groups (name) VALUES ('Finance')`);
    server.item('/Contoso').Policies.push({ GroupUserName: 'CONTOSO\\Finance', Roles: [ROLES.browser] });
    const body = (await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups')).json();
    assert.equal(body.updated, 1);
    assert.ok((await groups()).some(([name, pbi]) => name === 'Finance' && pbi === 'CONTOSO\\Finance'));
  });

  test("should set users' pbi_groups to their groups that the server still names, and create no user", async () => {
    const usersBefore = (await (await testDb()).query<{ count: number }>('SELECT count(*)::int AS count FROM users')).rows[0]!.count;
    const unchanged = await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-users');
    assert.equal(unchanged.statusCode, 200, unchanged.body);
    assert.deepEqual(unchanged.json(), { status: 'success', users: usersBefore, updated: 0, unchanged: usersBefore, added: 0, removed: 0 });

    // NW-Sales disappears from the report server.
    server.item('/Northwind').Policies = server.item('/Northwind').Policies.filter((policy) => policy.GroupUserName !== 'NW-Sales');
    const refreshed = await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-users');
    assert.deepEqual(refreshed.json(), {
      status: 'success',
      users: usersBefore,
      updated: 2,
      unchanged: usersBefore - 2,
      added: 0,
      removed: 2,
    });
    assert.deepEqual(await pbiGroupsOf('user@northwind.test'), []);
    assert.deepEqual(await pbiGroupsOf('contributor@northwind.test'), []);
    assert.deepEqual(await pbiGroupsOf('user@contoso.test'), ['CT-Finance']);
    assert.deepEqual(
      (await auditLines('pbi.refresh-users'))[0]!.details!.updated_user_ids,
      [await userId('contributor@northwind.test'), await userId('user@northwind.test')].sort((a, b) => a - b),
    );

    // It comes back (granted on a report this time): so do the users' groups.
    server.item('/Northwind/Stock').InheritParentPolicy = false;
    server.item('/Northwind/Stock').Policies = [{ GroupUserName: 'nw-sales', Roles: [ROLES.browser] }];
    const back = (await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-users')).json();
    assert.deepEqual([back.updated, back.added, back.removed], [2, 2, 0]);
    assert.deepEqual(await pbiGroupsOf('user@northwind.test'), ['NW-Sales']);
    const count = (await (await testDb()).query<{ count: number }>('SELECT count(*)::int AS count FROM users')).rows[0]!.count;
    assert.equal(count, usersBefore);
  });

  test('should answer 502 when the report server refuses the credentials or is gone, and change nothing', async () => {
    const wrong = await build({ pbirsUrl: server.url, pbirsUser: 'hub-sync', pbirsPassword: 'wrong' });
    const { call: callWrong } = caller(wrong, hub.idp);
    const refused = await callWrong('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups');
    assert.equal(refused.statusCode, 502);
    assert.match(refused.json().message, new RegExp(`^${PBI_MESSAGES.unreachable}.*HTTP 401`));

    const gone = await build({ pbirsUrl: 'http://127.0.0.1:9/reports' });
    const { call: callGone } = caller(gone, hub.idp);
    assert.equal((await callGone('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-users')).statusCode, 502);
    assert.equal((await groups()).length, 2);
    assert.deepEqual(await auditLines('pbi.refresh-groups'), []);
  });

  test('should answer 502 when one policy cannot be read after the catalog was, and apply nothing', async () => {
    const groupsBefore = await groups();
    server.items.push({ ...server.item('/Northwind/Sales'), Id: 'not-a-guid', Path: '/Northwind/Broken' });
    server.item('/Northwind').Policies.push({ GroupUserName: 'NW-Finance', Roles: [ROLES.browser] });
    const response = await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups');
    assert.equal(response.statusCode, 502);
    assert.match(response.json().message, /Policies of \/Northwind\/Broken: HTTP 404/);
    assert.deepEqual(await groups(), groupsBefore);
    assert.deepEqual(await auditLines('pbi.refresh-groups'), []);
    // The failed run gave the lease back: the next one runs.
    server.items.pop();
    assert.equal((await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups')).statusCode, 200);
  });

  test('should refuse a second sync with 409 while one runs, then run again once it is done', async () => {
    let release = () => {};
    server.hold = new Promise<void>((resolve) => (release = resolve));
    const first = call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups');
    // The first run holds the lease once it asks the report server.
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    for (const route of ['refresh-groups', 'refresh-users']) {
      const second = await call('admin@demo.test', 'PUT', `/api/admin/pbi/${route}`);
      assert.equal(second.statusCode, 409, route);
      assert.deepEqual(second.json(), { statusCode: 409, error: 'Conflict', message: PBI_MESSAGES.alreadyRunning });
    }
    server.hold = null;
    release();
    assert.equal((await first).statusCode, 200);
    assert.equal((await auditLines('pbi.refresh-groups')).length, 1);
    assert.equal((await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-users')).statusCode, 200);
    // The audit log shows each run that went through, with its counts.
    const runs = (await call('admin@demo.test', 'GET', '/api/admin/audit?person=admin%40demo.test'))
      .json()
      .items.filter((line: { action: string }) => line.action.startsWith('pbi.'));
    assert.deepEqual(
      runs.map((line: { action: string; actor: { email: string } }) => [line.action, line.actor.email]),
      [
        ['pbi.refresh-users', 'admin@demo.test'],
        ['pbi.refresh-groups', 'admin@demo.test'],
      ],
    );
    assert.equal(runs[1].details.created, 1);
  });

  test("should refuse a sync while another server process holds the lease, and take over a dead process's lease", async () => {
    const db = await testDb();
    await db.query(
      `INSERT INTO pbi_sync_lock (id, kind, token, since) VALUES (1, 'refresh-users', 'other-process', now())
       ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind, token = EXCLUDED.token, since = EXCLUDED.since`,
    );
    const refused = await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups');
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(server.requests, []);
    // Left by a process that died an hour ago: taken over.
    await db.query(`UPDATE pbi_sync_lock SET since = now() - interval '1 hour' WHERE id = 1`);
    assert.equal((await call('admin@demo.test', 'PUT', '/api/admin/pbi/refresh-groups')).statusCode, 200);
    assert.deepEqual((await db.query('SELECT kind, token, since FROM pbi_sync_lock')).rows, [{ kind: null, token: null, since: null }]);
  });

  test('should answer 503 with a clear message when no report server is configured', async () => {
    const unconfigured = await build();
    const { call: callUnconfigured } = caller(unconfigured, hub.idp);
    for (const route of ['refresh-groups', 'refresh-users']) {
      const response = await callUnconfigured('admin@demo.test', 'PUT', `/api/admin/pbi/${route}`);
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { statusCode: 503, error: 'Service Unavailable', message: PBI_MESSAGES.notConfigured });
    }
  });
});
