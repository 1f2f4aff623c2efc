import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PUBLICATION } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';

interface AdviceAnswer {
  id: number;
  title: string;
  status: number;
  pinned: boolean;
  audience_type: string;
  entity: { name: string } | null;
  category: { name: string; color: string } | null;
  sources: { users: number[] };
  created_at: string;
}

describe(`GET /api/advices (${DB_KIND})`, () => {
  const { call } = signedInApp();

  const get = (email: string, url: string) => call(email, 'GET', url);
  async function list(email: string, query = '') {
    const response = await get(email, `/api/advices${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { items: AdviceAnswer[]; total: number; page: number; page_size: number };
  }

  test("should show a Northwind user their entity's published advices, pinned first then newest", async () => {
    const page = await list('user@northwind.test');
    assert.deepEqual(
      page.items.map((advice) => advice.title),
      ['Speed up your monthly sales report', 'Your personal KPI review', 'Clean up duplicate customer records'],
    );
    assert.equal(page.total, 3);
    assert.equal(page.page, 1);
    assert.equal(page.page_size, 20);
    assert.ok(page.items.every((advice) => advice.status === PUBLICATION.published && advice.entity?.name === 'Northwind Traders'));
    assert.equal(page.items[0]!.pinned, true);
    assert.equal(page.items[0]!.category?.name, 'Performance');
    const personal = page.items.find((advice) => advice.audience_type === 'user')!;
    assert.deepEqual(personal.sources.users, [await userId('user@northwind.test')]);
    assert.ok(!Number.isNaN(Date.parse(page.items[0]!.created_at)));
  });

  test("should show a Contoso user only Contoso's advices", async () => {
    const page = await list('user@contoso.test');
    assert.deepEqual(page.items.map((advice) => advice.title).sort(), [
      'Contoso: archive closed projects',
      'Contoso: plan your budget forecast',
    ]);
  });

  test('should hide an advice addressed to someone else', async () => {
    const titles = (await list('publisher@demo.test')).items.map((advice) => advice.title);
    assert.ok(!titles.includes('Your personal KPI review'));
    assert.ok(titles.includes('Clean up duplicate customer records'));
  });

  test('should hide drafts, and show them to a contributor who asks for unpublished content', async () => {
    assert.ok(
      !(await list('user@northwind.test', '?includes_unpublished=true')).items.some((advice) => advice.status === PUBLICATION.draft),
    );
    assert.ok(!(await list('contributor@northwind.test')).items.some((advice) => advice.status === PUBLICATION.draft));
    const withDrafts = await list('contributor@northwind.test', '?includes_unpublished=true');
    assert.deepEqual(
      withDrafts.items.filter((advice) => advice.status === PUBLICATION.draft).map((advice) => advice.title),
      ['Draft: access rights policy'],
    );
  });

  test('should page, and refuse a page size above 100 naming the field', async () => {
    const first = await list('user@northwind.test', '?page=1&page_size=2');
    const second = await list('user@northwind.test', '?page=2&page_size=2');
    assert.equal(first.items.length, 2);
    assert.equal(second.items.length, 1);
    assert.equal(second.total, 3);
    const tooBig = await get('user@northwind.test', '/api/advices?page_size=101');
    assert.equal(tooBig.statusCode, 400);
    assert.match(tooBig.json().message, /page_size/);
  });

  test('should answer one visible advice, and 404 for a draft or another entity', async () => {
    const db = await testDb();
    const idOf = async (title: string) => (await db.query<{ id: number }>('SELECT id FROM advices WHERE title = $1', [title])).rows[0]!.id;
    const visible = await get('user@northwind.test', `/api/advices/${await idOf('Clean up duplicate customer records')}`);
    assert.equal(visible.statusCode, 200);
    assert.equal(visible.json().title, 'Clean up duplicate customer records');

    const contoso = await get('user@northwind.test', `/api/advices/${await idOf('Contoso: archive closed projects')}`);
    assert.equal(contoso.statusCode, 404);
    assert.deepEqual(Object.keys(contoso.json()).sort(), ['error', 'message', 'statusCode']);
    assert.equal((await get('user@northwind.test', `/api/advices/${await idOf('Draft: access rights policy')}`)).statusCode, 404);
    assert.equal((await get('user@northwind.test', '/api/advices/999999')).statusCode, 404);
    assert.equal((await get('user@northwind.test', '/api/advices/abc')).statusCode, 400);
  });

  test('should follow the data: an advice published now appears at once', async () => {
    const db = await testDb();
    await db.query(`UPDATE advices SET status = $1 WHERE title = 'Draft: access rights policy'`, [PUBLICATION.published]);
    const titles = (await list('user@northwind.test')).items.map((advice) => advice.title);
    assert.equal(titles.length, 4);
    assert.ok(titles.includes('Draft: access rights policy'));
  });

  test('should show nothing to a user without an entity', async () => {
    assert.deepEqual((await list('admin@demo.test')).items, []);
  });
});
