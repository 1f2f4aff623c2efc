import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { COUNT_CAP, PAGE_SIZE_MAX, THREAD_PAGE_SIZE, type DiscussionList, type DiscussionThread } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONSULTANT = 'consultant@demo.test';
const ADMIN = 'admin@demo.test';
const CONTRIBUTOR = 'contributor@northwind.test';

/** Messages written into Nina's open discussion, and closed discussions with her consultant: past a page, past the count cap. */
const THREAD_MESSAGES = 3000;
const CLOSED_DISCUSSIONS = COUNT_CAP + 100;
/** The most bytes one answer may hold at the largest page size (docs/performance.md). */
const ANSWER_BUDGET = 256 * 1024;

describe(`discussions paged by keyset (${DB_KIND})`, () => {
  const hub = signedInApp();

  async function grow(): Promise<number> {
    const db = await testDb();
    const [nina, consultant] = [await userId(USER), await userId(CONSULTANT)];
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM discussions WHERE customer_id = $1 AND status = 'open'`, [nina]);
    const open = rows[0]!.id;
    // Two messages per second of the past: every pair ties on created_at, so the id must break the tie.
    await db.query(
      `INSERT INTO messages (discussion_id, from_user_id, to_user_id, message, status, created_at)
       SELECT $1::int, CASE WHEN i % 2 = 0 THEN $2::int ELSE $3::int END, CASE WHEN i % 2 = 0 THEN $3::int ELSE $2::int END,
              'Message ' || i, 'read', now() - interval '400 days' + (i / 2) * interval '1 second'
         FROM generate_series(1, $4::int) AS i`,
      [open, nina, consultant, THREAD_MESSAGES],
    );
    await db.query(
      `INSERT INTO discussions (customer_id, consultant_id, status, created_at, closed_at)
       SELECT $1::int, $2::int, 'closed', now() - interval '500 days' + (i / 3) * interval '1 minute', now() - interval '1 day'
         FROM generate_series(1, $3::int) AS i`,
      [nina, consultant, CLOSED_DISCUSSIONS],
    );
    return open;
  }

  async function get<T>(email: string, url: string): Promise<{ body: T; bytes: number }> {
    const response = await hub.call(email, 'GET', url);
    assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 300)}`);
    assert.ok(response.rawPayload.length <= ANSWER_BUDGET, `${url}: ${response.rawPayload.length} bytes, over the budget`);
    return { body: response.json() as T, bytes: response.rawPayload.length };
  }

  test('should read a long thread latest first, then every older message once by its cursor', async () => {
    const open = await grow();
    const db = await testDb();
    const all = await db.query<{ id: number }>('SELECT id FROM messages WHERE discussion_id = $1 ORDER BY created_at, id', [open]);

    const first = await get<DiscussionThread>(USER, `/api/discussions/${open}/messages`);
    assert.equal(first.body.messages.length, THREAD_PAGE_SIZE);
    assert.deepEqual(
      first.body.messages.map((m) => m.id),
      all.rows.slice(-THREAD_PAGE_SIZE).map((row) => row.id),
      'the latest page, oldest first',
    );

    const seen = [...first.body.messages.map((m) => m.id)];
    let cursor = first.body.older_cursor;
    let pages = 1;
    while (cursor !== null) {
      const page = await get<DiscussionThread>(USER, `/api/discussions/${open}/messages?page_size=${PAGE_SIZE_MAX}&before=${cursor}`);
      seen.unshift(...page.body.messages.map((m) => m.id));
      cursor = page.body.older_cursor;
      pages += 1;
    }
    assert.deepEqual(
      seen,
      all.rows.map((row) => row.id),
      'every message once, in thread order',
    );
    assert.equal(pages, 1 + Math.ceil((all.rows.length - THREAD_PAGE_SIZE) / PAGE_SIZE_MAX));

    // The administrator's read-only history pages the same way.
    const history = await get<DiscussionThread>(ADMIN, `/api/admin/discussions/history/${open}?page_size=10`);
    assert.deepEqual(
      history.body.messages.map((m) => m.id),
      all.rows.slice(-10).map((row) => row.id),
    );
    assert.notEqual(history.body.older_cursor, null);
  });

  test('should refuse a page over the maximum and a cursor the server did not write', async () => {
    const open = await grow();
    for (const url of [
      `/api/discussions/${open}/messages?page_size=${PAGE_SIZE_MAX + 1}`,
      `/api/discussions/${open}/messages?before=bm90LWEtY3Vyc29y`,
      `/api/discussions/all?page_size=0`,
      `/api/discussions/all?cursor=WyJ4IiwxLDFd`,
    ]) {
      assert.equal((await hub.call(USER, 'GET', url)).statusCode, 400, url);
    }
  });

  test('should page the consultant’s and the administrator’s lists by keyset, newest activity first, with a capped count', async () => {
    await grow();
    const db = await testDb();
    const consultant = await userId(CONSULTANT);
    const expected = await db.query<{ id: number }>(
      `SELECT id FROM discussions WHERE consultant_id = $1 OR customer_id = $1 ORDER BY last_activity_at DESC, id DESC`,
      [consultant],
    );
    assert.ok(expected.rows.length > COUNT_CAP);

    for (const [email, path] of [
      [CONSULTANT, '/api/discussions/all'],
      [ADMIN, '/api/admin/discussions/all'],
    ] as const) {
      const seen: number[] = [];
      let url = `${path}?page_size=${PAGE_SIZE_MAX}`;
      for (let page = 1; ; page += 1) {
        const { body } = await get<DiscussionList>(email, url);
        assert.equal(body.page, page);
        assert.deepEqual([body.total, body.total_capped], [COUNT_CAP, true], `${path}: the count stops at the cap`);
        seen.push(...body.items.map((d) => d.id));
        if (body.next_cursor === null) break;
        assert.equal(body.items.length, PAGE_SIZE_MAX);
        url = `${path}?page_size=${PAGE_SIZE_MAX}&cursor=${body.next_cursor}`;
      }
      if (email === CONSULTANT)
        assert.deepEqual(
          seen,
          expected.rows.map((row) => row.id),
          'every discussion once, in order',
        );
      else assert.equal(new Set(seen).size, seen.length);
    }

    // The open list: Nina's open discussion only, its count exact.
    const open = await get<DiscussionList>(CONSULTANT, '/api/discussions');
    assert.deepEqual([open.body.items.length, open.body.total, open.body.total_capped, open.body.next_cursor], [1, 1, false, null]);

    // A contributor: the discussions of their entity's customers, paged the same way.
    const contributor = await get<DiscussionList>(CONTRIBUTOR, '/api/admin/discussions/all?page_size=5');
    assert.equal(contributor.body.items.length, 5);
    assert.ok(contributor.body.items.every((d) => d.customer?.email === USER));
  });

  test('should move a discussion to the top of the lists when a message comes, and back when it is deleted', async () => {
    await grow();
    const before = await get<DiscussionList>(CONSULTANT, '/api/discussions/all?page_size=2');
    const second = before.body.items[1]!;
    const list = await get<DiscussionList>(CONSULTANT, `/api/discussions/all?page_size=1`);
    assert.notEqual(list.body.items[0]!.id, second.id);

    // Nina writes in her open discussion (the first of the list already): it stays first.
    const posted = await hub.call(USER, 'POST', '/api/discussions', { payload: { message: 'Again' } });
    assert.equal(posted.statusCode, 201);
    const after = await get<DiscussionList>(CONSULTANT, '/api/discussions/all?page_size=1');
    assert.equal(after.body.items[0]!.id, posted.json().discussion.id);
    assert.equal(after.body.items[0]!.last_message?.message, 'Again');

    const removed = await hub.call(USER, 'DELETE', `/api/messages/${posted.json().message.id}`);
    assert.equal(removed.statusCode, 204);
    const db = await testDb();
    const { rows } = await db.query<{ same: boolean }>(
      `SELECT d.last_activity_at = (SELECT max(m.created_at) FROM messages m WHERE m.discussion_id = d.id) AS same FROM discussions d WHERE d.id = $1`,
      [posted.json().discussion.id],
    );
    assert.equal(rows[0]!.same, true, 'the activity goes back to the latest message left');
  });

  test('should page the pending list', async () => {
    const first = await get<{ items: unknown[]; total: number; page_size: number }>(CONSULTANT, '/api/discussions/pending?page_size=1');
    assert.equal(first.body.items.length, 1);
    assert.ok(first.body.total >= 2, 'the consultant’s clients');
    const second = await get<{ items: unknown[] }>(CONSULTANT, '/api/discussions/pending?page_size=1&page=2');
    assert.notDeepEqual(second.body.items, first.body.items);
    assert.equal((await hub.call(CONSULTANT, 'GET', `/api/discussions/pending?page_size=${PAGE_SIZE_MAX + 1}`)).statusCode, 400);
  });
});
