import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';
const ADMIN = 'admin@demo.test';

interface Item {
  id: number;
  title: string;
  pinned?: boolean;
  category: { id: number } | null;
}

describe(`admin content lists: sort and filters on the server (${DB_KIND})`, () => {
  const { call } = signedInApp();
  const list = async (email: string, path: string) => {
    const answer = await call(email, 'GET', path);
    assert.equal(answer.statusCode, 200, answer.body);
    return answer.json() as { items: Item[]; total: number };
  };
  const byTitle = (titles: string[]) => [...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

  test('should sort advices by title both ways', async () => {
    const asc = (await list(CONTRIBUTOR, '/api/admin/advices?sort=title&order=asc&page_size=100')).items.map((item) => item.title);
    const desc = (await list(CONTRIBUTOR, '/api/admin/advices?sort=title&order=desc&page_size=100')).items.map((item) => item.title);
    assert.ok(asc.length >= 2);
    assert.deepEqual(asc, byTitle(asc));
    assert.deepEqual(desc, [...asc].reverse());
  });

  test('should filter news items by pinned and by category', async () => {
    const all = await list(ADMIN, '/api/admin/news-items?page_size=100');
    const pinned = await list(ADMIN, '/api/admin/news-items?pinned=true&page_size=100');
    const unpinned = await list(ADMIN, '/api/admin/news-items?pinned=false&page_size=100');
    assert.ok(pinned.items.every((item) => item.pinned));
    assert.ok(unpinned.items.every((item) => !item.pinned));
    assert.equal(pinned.total + unpinned.total, all.total);
    const category = all.items.find((item) => item.category)?.category;
    assert.ok(category, 'the demo news items have a category');
    const inCategory = await list(ADMIN, `/api/admin/news-items?category_id=${category.id}&page_size=100`);
    assert.ok(inCategory.total >= 1);
    assert.ok(inCategory.items.every((item) => item.category?.id === category.id));
  });

  test('should sort dashboards and refuse an unknown sort column', async () => {
    const dashboards = (await list(ADMIN, '/api/admin/dashboards?sort=title&page_size=100')).items.map((item) => item.title);
    assert.deepEqual(dashboards, byTitle(dashboards));
    assert.equal((await call(ADMIN, 'GET', '/api/admin/dashboards?sort=password')).statusCode, 400);
  });
});
