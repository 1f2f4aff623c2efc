import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PUBLICATION } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { audited, count, rowId } from '../../../test-support/content-caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONTRIBUTOR = 'contributor@northwind.test';
const ADMIN = 'admin@demo.test';

describe(`dashboards (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const dashboardId = (title: string) => rowId('SELECT id FROM dashboards WHERE title = $1', [title]);
  const titles = async (email: string, query = '') =>
    (await call(email, 'GET', `/api/dashboards${query}`))
      .json()
      .items.map((d: { title: string }) => d.title)
      .sort();

  test("should list a user's own entity's published dashboards", async () => {
    assert.deepEqual(await titles(USER), ['Northwind sales overview', 'Northwind stock levels']);
    assert.deepEqual(await titles('user@contoso.test'), ['Contoso finance cockpit', 'Contoso project portfolio']);
    assert.deepEqual(await titles(ADMIN), []);
    const one = (await call(USER, 'GET', '/api/dashboards')).json().items[0];
    assert.match(one.url, /^https:\/\//);
    assert.equal(one.audience_type, 'multi_users');
    assert.equal(one.entity.name, 'Northwind Traders');
  });

  test('should show drafts only to a contributor who asks, and a user-audience dashboard only to its users', async () => {
    assert.ok(!(await titles(USER, '?includes_unpublished=true')).includes('Northwind margin analysis'));
    assert.ok(!(await titles(CONTRIBUTOR)).includes('Northwind margin analysis'));
    assert.ok((await titles(CONTRIBUTOR, '?includes_unpublished=true')).includes('Northwind margin analysis'));

    const stock = await dashboardId('Northwind stock levels');
    await (await testDb()).query(`UPDATE dashboards SET audience_type = 'user' WHERE id = $1`, [stock]);
    assert.ok(!(await titles(USER)).includes('Northwind stock levels'));
    assert.equal((await call(USER, 'GET', `/api/dashboards/${stock}`)).statusCode, 404);
    await call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${stock}/users/add/${await userId(USER)}`);
    assert.ok((await titles(USER)).includes('Northwind stock levels'));
    assert.equal((await call(USER, 'GET', `/api/dashboards/${stock}`)).statusCode, 200);
    assert.equal((await call('user@contoso.test', 'GET', `/api/dashboards/${stock}`)).statusCode, 404);
  });

  test('should let a consultant open a dashboard that one of their customers sees, and no other', async () => {
    const CONSULTANT = 'consultant@demo.test'; // the consultant of user@northwind.test and user@contoso.test
    const stock = await dashboardId('Northwind stock levels');
    const margin = await dashboardId('Northwind margin analysis'); // a draft
    const consultantOpens = async (id: number) => (await call(CONSULTANT, 'GET', `/api/dashboards/${id}`)).statusCode;
    assert.equal(await consultantOpens(stock), 200);
    assert.equal((await call(CONSULTANT, 'GET', `/api/dashboards/${stock}`)).json().title, 'Northwind stock levels');
    assert.equal(await consultantOpens(await dashboardId('Contoso finance cockpit')), 200);
    assert.equal(await consultantOpens(margin), 404, 'a draft');
    // Reading only: the consultant's own list, and the stars, keep the entity rule.
    assert.deepEqual(await titles(CONSULTANT), []);
    assert.equal((await call(CONSULTANT, 'PUT', `/api/dashboards/${stock}/favourite`)).statusCode, 404);

    // Addressed to someone who is not his customer: no longer his to open; to his customer again: his.
    const db = await testDb();
    await db.query(`UPDATE dashboards SET audience_type = 'user' WHERE id = $1`, [stock]);
    await db.query('INSERT INTO dashboard_users (dashboard_id, user_id) VALUES ($1, $2)', [stock, await userId(CONTRIBUTOR)]);
    assert.equal(await consultantOpens(stock), 404);
    await db.query('INSERT INTO dashboard_users (dashboard_id, user_id) VALUES ($1, $2)', [stock, await userId(USER)]);
    assert.equal(await consultantOpens(stock), 200);
    // Without customers (the link relationship gone): nothing.
    await db.query('DELETE FROM user_contacts WHERE consultant_id = $1', [await userId(CONSULTANT)]);
    assert.equal(await consultantOpens(stock), 404);
    // Another contributor is no one's consultant.
    assert.equal(
      (await call('publisher@demo.test', 'GET', `/api/dashboards/${await dashboardId('Contoso finance cockpit')}`)).statusCode,
      404,
    );
  });

  test('should create a draft for all users of the entity, and refuse a URL that is not https', async () => {
    const created = await call(CONTRIBUTOR, 'POST', '/api/admin/dashboards', {
      payload: { title: 'Cash flow', url: 'https://reports.example.com/reports/powerbi/Northwind/Cash' },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().status, PUBLICATION.draft);
    assert.equal(created.json().audience_type, 'multi_users');
    assert.equal(created.json().entity.name, 'Northwind Traders');
    assert.equal((await audited('dashboard.create', created.json().id)).length, 1);

    for (const url of ['http://reports.example.com/x', 'javascript:alert(1)', 'reports.example.com', 'https://']) {
      const refused = await call(CONTRIBUTOR, 'POST', '/api/admin/dashboards', { payload: { title: 'Bad', url } });
      assert.equal(refused.statusCode, 400, url);
      assert.deepEqual(refused.json(), {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Please enter a valid URL (https://)',
        errors: [{ field: 'url', message: 'Please enter a valid URL (https://)' }],
      });
    }
    const onUpdate = await call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${created.json().id}`, { payload: { url: 'ftp://x' } });
    assert.equal(onUpdate.json().message, 'Please enter a valid URL (https://)');
    assert.equal(await count(`SELECT count(*)::int AS count FROM dashboards WHERE title = 'Bad'`), 0);
    assert.equal(
      (await call(CONTRIBUTOR, 'POST', '/api/admin/dashboards', { payload: { title: 'No url' } })).json().message,
      'url: This field is required',
    );
  });

  test('should publish, refuse edits while published, unpublish and delete, with a 404 for another entity', async () => {
    const draft = await dashboardId('Northwind margin analysis');
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${draft}/publish`)).json().status, 16);
    assert.ok((await titles(USER)).includes('Northwind margin analysis'));
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${draft}`, { payload: { tag: 'x' } })).statusCode, 409);
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${draft}/unpublish`)).json().status, 0);
    const edited = await call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${draft}`, {
      payload: { tag: 'Margins', description: '<p onclick="x()">Hi</p>' },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().description, '<p>Hi</p>');

    const contoso = await dashboardId('Contoso finance cockpit');
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/dashboards/${contoso}`)).statusCode, 404);
    assert.equal((await call(CONTRIBUTOR, 'DELETE', `/api/admin/dashboards/${contoso}`)).statusCode, 404);
    assert.equal((await call(ADMIN, 'DELETE', `/api/admin/dashboards/${contoso}`)).statusCode, 204);
    assert.equal((await audited('dashboard.delete', contoso)).length, 1);
  });

  test('should keep sources.users consistent, and list dashboards with sources for a user', async () => {
    const id = await dashboardId('Northwind sales overview');
    const [nina, chris] = [await userId(USER), await userId(CONTRIBUTOR)];
    const put = (path: string) => call(CONTRIBUTOR, 'PUT', `/api/admin/dashboards/${id}/users/${path}`);
    assert.deepEqual((await put(`set-unique/${nina}`)).json().sources.users, [nina]);
    assert.deepEqual((await put(`add/${nina}`)).json().sources.users, [nina]);
    assert.deepEqual((await put(`set-unique/${chris}`)).json().sources.users, [chris]);
    assert.deepEqual((await put(`remove/${chris}`)).json().sources.users, []);
    await put(`add/${nina}`);
    assert.deepEqual((await put('clear')).json().sources.users, []);
    assert.equal((await put(`add/${await userId('user@contoso.test')}`)).statusCode, 404);

    await put(`add/${nina}`);
    const withSources = await call(CONTRIBUTOR, 'GET', `/api/admin/users/${nina}/dashboards-with-sources`);
    assert.equal(withSources.statusCode, 200, withSources.body);
    assert.equal(withSources.json().total, 3);
    assert.deepEqual(withSources.json().items.find((d: { id: number }) => d.id === id).sources.users, [nina]);
    const users = (await call(CONTRIBUTOR, 'GET', `/api/admin/dashboards/${id}/users`)).json().items;
    assert.deepEqual(
      users.filter((u: { selected: boolean }) => u.selected).map((u: { id: number }) => u.id),
      [nina],
    );
    assert.equal(
      (await call(CONTRIBUTOR, 'GET', `/api/admin/users/${await userId('user@contoso.test')}/dashboards-with-sources`)).statusCode,
      404,
    );
  });

  test('should list the entity in force on the admin side, drafts included', async () => {
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/dashboards')).json().total, 3);
    assert.equal((await call(ADMIN, 'GET', '/api/admin/dashboards')).json().total, 5);
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/dashboards?status=0')).json().total, 1);
  });
});
