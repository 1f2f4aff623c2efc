import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PUBLICATION } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { audited, count, rowId } from '../../../test-support/content-caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONTRIBUTOR = 'contributor@northwind.test';

describe(`news items (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const newsId = (title: string) => rowId('SELECT id FROM news_items WHERE title = $1', [title]);

  test('should list published news, pinned first then newest, the same for every entity', async () => {
    const answer = await call(USER, 'GET', '/api/news-items');
    assert.equal(answer.statusCode, 200, answer.body);
    const page = answer.json();
    assert.deepEqual(
      page.items.map((item: { title: string }) => item.title),
      ['New connector for the report server', 'Maintenance window next Sunday', 'Webinar replay available'],
    );
    assert.equal(page.items[0].pinned, true);
    assert.equal(page.items[0].tag, 'Release');
    assert.equal(page.items[0].category.name, 'Performance');
    // The demo banner, its URL prefixed with the API host and versioned.
    assert.match(page.items[0].banner.url, /^http:\/\/localhost:8080\/api\/images\/\d+\/file\/[0-9a-f]{32}\?v=[0-9a-f]{10}$/);
    const contoso = (await call('user@contoso.test', 'GET', '/api/news-items')).json();
    assert.equal(contoso.total, 3);
  });

  test('should show drafts only to who may see unpublished content and asks for it', async () => {
    const drafts = (email: string, query = '?includes_unpublished=true') =>
      call(email, 'GET', `/api/news-items${query}`).then(
        (r) => r.json().items.filter((item: { status: number }) => item.status === PUBLICATION.draft).length,
      );
    assert.equal(await drafts(USER), 0);
    assert.equal(await drafts(CONTRIBUTOR, ''), 0);
    assert.equal(await drafts(CONTRIBUTOR), 1);
    const nina = await userId(USER);
    const asNina = await call('admin@demo.test', 'GET', '/api/news-items?includes_unpublished=true', {
      headers: { 'display-as-user-id': String(nina) },
    });
    assert.equal(asNina.json().items.filter((item: { status: number }) => item.status === PUBLICATION.draft).length, 1);
  });

  test('should answer one published news item, and 404 for a draft to a user', async () => {
    assert.equal(
      (await call(USER, 'GET', `/api/news-items/${await newsId('Webinar replay available')}`)).json().title,
      'Webinar replay available',
    );
    const draft = await newsId('Draft: summer release notes');
    const hidden = await call(USER, 'GET', `/api/news-items/${draft}`);
    assert.equal(hidden.statusCode, 404);
    assert.deepEqual(Object.keys(hidden.json()).sort(), ['error', 'message', 'statusCode']);
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/news-items/${draft}`)).statusCode, 200);
  });

  test('should create a draft, publish it for users, refuse edits while published, and audit each step', async () => {
    const created = await call(CONTRIBUTOR, 'POST', '/api/admin/news-items', {
      payload: { title: 'Autumn release', tag: 'Release', description: '<p>New <em>things</em><script>x()</script></p>' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const item = created.json();
    assert.equal(item.status, PUBLICATION.draft);
    assert.equal(item.pinned, false);
    assert.equal(item.description, '<p>New <em>things</em></p>');
    assert.equal((await call(USER, 'GET', `/api/news-items/${item.id}`)).statusCode, 404);

    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/news-items/${item.id}/publish`)).json().status, PUBLICATION.published);
    assert.equal((await call(USER, 'GET', `/api/news-items/${item.id}`)).statusCode, 200);
    const refused = await call(CONTRIBUTOR, 'PUT', `/api/admin/news-items/${item.id}`, { payload: { title: 'Changed' } });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().message, 'Only items in draft can be edited');
    assert.equal((await call(CONTRIBUTOR, 'PUT', `/api/admin/news-items/${item.id}/unpublish`)).json().status, PUBLICATION.draft);
    const edited = await call(CONTRIBUTOR, 'PUT', `/api/admin/news-items/${item.id}`, { payload: { title: 'Changed', pinned: true } });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().title, 'Changed');
    assert.equal((await call(CONTRIBUTOR, 'DELETE', `/api/admin/news-items/${item.id}`)).statusCode, 204);
    assert.equal(await count('SELECT count(*)::int AS count FROM news_items WHERE id = $1', [item.id]), 0);
    for (const action of ['create', 'publish', 'unpublish', 'update', 'delete']) {
      assert.equal((await audited(`news-item.${action}`, item.id)).length, 1, action);
    }
  });

  test('should delete a published news item as it is, and take it out of every customer’s list', async () => {
    const id = await newsId('New connector for the report server');
    const listed = async (email: string) =>
      ((await call(email, 'GET', '/api/news-items')).json() as { items: { id: number }[] }).items.map((item) => item.id);
    assert.ok((await listed(USER)).includes(id), 'published and shown before');
    assert.ok((await listed('user@contoso.test')).includes(id));

    assert.equal((await call(CONTRIBUTOR, 'DELETE', `/api/admin/news-items/${id}`)).statusCode, 204);
    assert.equal(await count('SELECT count(*)::int AS count FROM news_items WHERE id = $1', [id]), 0);
    assert.ok(!(await listed(USER)).includes(id));
    assert.ok(!(await listed('user@contoso.test')).includes(id));
    assert.equal((await call(USER, 'GET', `/api/news-items/${id}`)).statusCode, 404);
    assert.equal((await audited('news-item.unpublish', id)).length, 0, 'not changed to draft on the way');
    assert.equal((await audited('news-item.delete', id)).length, 1);
  });

  test('should refuse a missing title, a description of 10000 characters, and read an unknown status as draft', async () => {
    const missing = await call(CONTRIBUTOR, 'POST', '/api/admin/news-items', { payload: { tag: 'x' } });
    assert.deepEqual(missing.json(), { statusCode: 400, error: 'Bad Request', message: 'title: This field is required' });
    const long = await call(CONTRIBUTOR, 'POST', '/api/admin/news-items', { payload: { title: 'Long', description: 'x'.repeat(10000) } });
    assert.equal(long.json().message, 'Description is too long ! (10000/9999)');
    assert.equal(
      (await call(CONTRIBUTOR, 'POST', '/api/admin/news-items', { payload: { title: 'Fits', description: 'x'.repeat(9999) } })).statusCode,
      201,
    );

    const id = await newsId('Webinar replay available');
    await (await testDb()).query('UPDATE news_items SET status = 3 WHERE id = $1', [id]);
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/news-items/${id}`)).json().status, PUBLICATION.draft);
    assert.equal((await call(USER, 'GET', `/api/news-items/${id}`)).statusCode, 404);
  });

  test('should list every status to the admin side, filtered on demand', async () => {
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/news-items')).json().total, 4);
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/news-items?status=0')).json().total, 1);
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/news-items?status=16&search=webinar')).json().total, 1);
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/news-items/999999')).statusCode, 404);
    assert.equal((await call(CONTRIBUTOR, 'PUT', '/api/admin/news-items/999999/publish')).statusCode, 404);
  });
});
