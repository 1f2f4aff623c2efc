import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SEARCHED_COUNT_CAP } from '@hub/shared/api';
import { DB_KIND } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';

const ADMIN = 'admin@demo.test';

interface Page {
  items: Array<{ id: number; title?: string; email?: string; last_name?: string; first_name?: string }>;
  total: number;
  total_capped: boolean;
  page: number;
  next_cursor?: string | null;
}

// A console list searched for a word counts its matches to SEARCHED_COUNT_CAP ("50+"), so that a
// common word costs what a rare one does; every match is still reached, in the list's order.
describe(`console lists searched for a common word: a capped count, every match in order (${DB_KIND})`, () => {
  const signed = signedInApp();
  const { call } = signed;
  const list = async (path: string) => {
    const answer = await call(ADMIN, 'GET', path);
    assert.equal(answer.statusCode, 200, answer.body);
    return answer.json() as Page;
  };
  /** Every page by cursor. */
  const everyPage = async (path: string) => {
    const pages: Page[] = [];
    let cursor: string | null | undefined = null;
    do {
      pages.push(await list(`${path}${cursor ? `&cursor=${cursor}` : ''}`));
      cursor = pages.at(-1)!.next_cursor;
    } while (cursor);
    return pages;
  };

  for (const [table, path] of [
    ['advices', '/api/admin/advices'],
    ['news_items', '/api/admin/news-items'],
    ['dashboards', '/api/admin/dashboards'],
  ] as const) {
    test(`should count ${path}'s matches of a common word to the cap and page through all of them, newest first`, async () => {
      const entity = table === 'news_items' ? '' : ", (SELECT id FROM entities WHERE name = 'Northwind Traders')";
      const columns = table === 'dashboards' ? 'title, description, url, status' : 'title, description, status';
      const values = table === 'dashboards' ? "'<p>Bulk.</p>', 'https://reports.example.test/x', 0" : "'<p>Bulk.</p>', 0";
      // 70 titles hold the word, 5 hold a rarer one; the same second for some, so that ids break ties.
      await signed.app.db.query(
        `INSERT INTO ${table} (${columns}${entity ? ', entity_id' : ''}, created_at)
         SELECT CASE WHEN i <= 70 THEN 'Quarterlyfigures review ' ELSE 'Rarefigures note ' END || i, ${values}${entity},
                timestamptz '2026-03-01' - (i / 3) * interval '1 minute'
           FROM generate_series(1, 75) i`,
      );
      const expected = (
        await signed.app.db.query<{ id: number }>(
          `SELECT id FROM ${table} WHERE title LIKE 'Quarterlyfigures%' ORDER BY created_at DESC, id DESC`,
        )
      ).rows.map((row) => row.id);
      assert.equal(expected.length, 70);

      const pages = await everyPage(`${path}?search=quarterlyfigures&page_size=20`);
      assert.deepEqual(
        pages.map((page) => [page.total, page.total_capped]),
        pages.map(() => [SEARCHED_COUNT_CAP, true]),
        'each page says "50+"',
      );
      assert.deepEqual(
        pages.flatMap((page) => page.items.map((item) => item.id)),
        expected,
        'every match once, newest first',
      );
      assert.deepEqual(
        (await list(`${path}?search=quarterlyfigures&page=4&page_size=20`)).items.map((item) => item.id),
        expected.slice(60),
        'a page by number past the capped count',
      );

      const rare = await list(`${path}?search=rarefigures&page_size=20`);
      assert.deepEqual([rare.total, rare.total_capped, rare.items.length], [5, false, 5], 'a rarer word is counted exactly');
      const all = await list(`${path}?page_size=20`);
      assert.equal(all.total_capped, false, 'without a search the count goes on to COUNT_CAP');
    });
  }

  test('should count the users a common word finds to the cap and page on by number, by name', async () => {
    await signed.app.db.query(
      `INSERT INTO users (email, first_name, last_name, rights)
       SELECT 'bulk-' || i || '@capcount.example.test', 'First' || (i % 7), 'Last' || (i % 13), '{user}' FROM generate_series(1, 64) i`,
    );
    const expected = (
      await signed.app.db.query<{ id: number }>(
        `SELECT id FROM users WHERE email LIKE '%@capcount.example.test' ORDER BY last_name, first_name, id`,
      )
    ).rows.map((row) => row.id);
    const seen: number[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await list(`/api/admin/users?search=capcount&page_size=20&page=${page}`);
      assert.deepEqual([answer.total, answer.total_capped], [SEARCHED_COUNT_CAP, true], `page ${page}`);
      seen.push(...answer.items.map((item) => item.id));
      if (answer.items.length < 20) break;
    }
    assert.deepEqual(seen, expected);
    const one = await list('/api/admin/users?search=bulk-7@capcount');
    assert.deepEqual([one.total, one.total_capped], [1, false]);
  });

  test('should count the audit lines of people a common word finds to the cap, and page on by cursor', async () => {
    const actors = await signed.app.db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, last_name, rights)
       SELECT 'audited-' || i || '@auditcap.example.test', 'Audited', 'Person' || i, '{user}' FROM generate_series(1, 3) i RETURNING id`,
    );
    await signed.app.db.query(
      `INSERT INTO audit_log (actor_id, action, item_type, item_id, at)
       SELECT ($1::int[])[1 + i % 3], 'advice.update', 'advice', i, timestamptz '2026-02-01' + i * interval '1 minute' FROM generate_series(1, 60) i`,
      [actors.rows.map((row) => row.id)],
    );
    // People the word finds who never acted: searched no further.
    await signed.app.db.query(
      `INSERT INTO users (email, first_name, last_name, rights)
       SELECT 'idle-' || i || '@auditcap.example.test', 'Idle', 'Person' || i, '{user}' FROM generate_series(1, 30) i`,
    );
    const pages = await everyPage('/api/admin/audit?person=auditcap&page_size=25');
    assert.deepEqual([pages[0]!.total, pages[0]!.total_capped], [SEARCHED_COUNT_CAP, true]);
    const lines = pages.flatMap((page) => page.items.map((item) => item.id));
    assert.deepEqual([lines.length, new Set(lines).size], [60, 60], 'every line once');
    const idle = await list('/api/admin/audit?person=idle-1%40auditcap');
    assert.deepEqual([idle.total, idle.items.length], [0, 0], 'a person who never acted has no line');
  });
});
