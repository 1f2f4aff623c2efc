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
  const signed = signedInApp();
  const { call } = signed;
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

  // Past COUNT_CAP the consoles page by keyset: each order's cursor reads the next page at any
  // depth, and the offset pages stop at the cap.
  test('should reach every advice past the first 1,000 by cursor, in each order, and refuse a foreign cursor', async () => {
    await signed.app.db.query(
      `INSERT INTO advices (title, description, status, audience_type, pinned, entity_id, created_at, updated_at)
       SELECT 'Bulk advice ' || i, '<p>Bulk.</p>', CASE WHEN i % 3 = 0 THEN 0 ELSE 16 END, 'multi_users', false,
              (SELECT id FROM entities WHERE name = 'Northwind Traders'),
              timestamptz '2026-01-01' - (i % 400) * interval '1 microsecond', timestamptz '2026-01-01' + (i % 7) * interval '1 hour'
         FROM generate_series(1, 1030) i`,
    );
    const first = await list(CONTRIBUTOR, '/api/admin/advices?page_size=100');
    const answer = first as unknown as { total_capped: boolean; next_cursor: string | null };
    assert.equal(first.total, 1000);
    assert.equal(answer.total_capped, true);
    assert.deepEqual((await list(CONTRIBUTOR, '/api/admin/advices?page=11&page_size=100')).items, [], 'offset pages stop at the cap');

    for (const order of ['', '&sort=title&order=asc', '&sort=updated_at&order=desc', '&sort=status&order=asc']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const path = `/api/admin/advices?page_size=100${order}${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await list(CONTRIBUTOR, path)) as unknown as { items: Item[]; page: number; next_cursor: string | null };
        pages += 1;
        assert.equal(page.page, pages);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.next_cursor;
      } while (cursor);
      assert.ok(seen.length > 1030, `${order}: ${seen.length} advices`);
      assert.equal(new Set(seen).size, seen.length, `${order}: no advice twice`);
      const offsetPage = (await list(CONTRIBUTOR, `/api/admin/advices?page=2&page_size=100${order}`)).items.map((item) => item.id);
      assert.deepEqual(offsetPage, seen.slice(100, 200), `${order}: the cursor pages follow the offset pages`);
    }

    const titleCursor = ((await list(CONTRIBUTOR, '/api/admin/advices?page_size=5&sort=title')) as unknown as { next_cursor: string })
      .next_cursor;
    assert.equal((await call(CONTRIBUTOR, 'GET', `/api/admin/advices?cursor=${titleCursor}`)).statusCode, 400, 'another order');
    assert.equal((await call(CONTRIBUTOR, 'GET', '/api/admin/advices?cursor=bm90LWEtY3Vyc29y')).statusCode, 400, 'not a cursor');
  });
});
