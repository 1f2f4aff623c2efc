import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PendingList } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { signedInApp } from '../../../test-support/signed-in-app';
import { PENDING_WALK_FROM, pendingByWalk, pendingSorted } from '../../../../src/plugins/app/discussions/discussions-repository';

const CONSULTANT = 'consultant@demo.test';
/** Clients added to the consultant's book: past the size from which the list walks the name index. */
const CLIENTS = PENDING_WALK_FROM + 60;

describe(`the pending list of a consultant with a large book (${DB_KIND})`, () => {
  const hub = signedInApp({ resetData: false });

  test('should list, page by page, what the one-statement sort lists: most waiting first, then by name', async () => {
    const db = await testDb();
    const consultant = await userId(CONSULTANT);
    // Clients whose names tie (the same last name for ten, the same full name for pairs), so that
    // the first name and then the id decide; a third of them with an open discussion, and some of
    // those with messages waiting for the consultant (1 to 3: ties there too).
    await db.query(
      `WITH people AS (
         INSERT INTO users (email, first_name, last_name)
         SELECT 'book' || i || '@pending.test', 'First' || lpad(((i / 2) % 7)::text, 2, '0'), 'Last' || lpad((i / 10)::text, 3, '0')
           FROM generate_series(1, $1::int) i
         RETURNING id
       )
       INSERT INTO user_contacts (user_id, consultant_id) SELECT id, $2::int FROM people`,
      [CLIENTS, consultant],
    );
    const { rows: opened } = await db.query<{ id: number; customer_id: number }>(
      `INSERT INTO discussions (customer_id, consultant_id, status, last_activity_at)
       SELECT u.id, $1::int, 'open', now() FROM users u
        WHERE u.email LIKE 'book%@pending.test' AND u.id % 3 = 0
          AND NOT EXISTS (SELECT 1 FROM discussions d WHERE d.customer_id = u.id AND d.status = 'open')
       RETURNING id, customer_id`,
      [consultant],
    );
    assert.ok(opened.length > 40);
    await db.query(
      `INSERT INTO messages (discussion_id, from_user_id, to_user_id, message, status)
       SELECT d.id, d.customer_id, $1::int, 'Waiting ' || k, 'open'
         FROM discussions d, generate_series(1, 3) k
        WHERE d.consultant_id = $1 AND d.status = 'open' AND d.customer_id % 4 IN (0, 1) AND k <= 1 + d.customer_id % 3`,
      [consultant],
    );

    const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM user_contacts WHERE consultant_id = $1`, [
      consultant,
    ]);
    const total = rows[0]!.count;
    assert.ok(total >= PENDING_WALK_FROM, 'the book is large enough for the walk');
    const expected = await pendingSorted(db, consultant, total, 0);
    assert.ok(expected.filter((row) => row.pending_count > 0).length >= 10, 'several clients are waiting');
    for (const pageSize of [7, 20]) {
      const walked: unknown[] = [];
      for (let offset = 0; offset < total; offset += pageSize) walked.push(...(await pendingByWalk(db, consultant, pageSize, offset)));
      assert.deepEqual(walked, expected, `pages of ${pageSize}`);
    }

    // After writes that change the waiting clients' order (the walk reads it from the kept sort key,
    // migration 0085): a thread read, new messages, a rename, a discussion closed, a client leaving
    // the book. Each page still lists what the one-statement sort lists.
    const waitingNow = expected.filter((row) => row.pending_count > 0).map((row) => row.discussion_id!);
    await db.query(`UPDATE messages SET status = 'read' WHERE discussion_id = $1 AND to_user_id = $2`, [waitingNow[0], consultant]);
    await db.query(
      `INSERT INTO messages (discussion_id, from_user_id, to_user_id, message)
       SELECT d.id, d.customer_id, $1::int, 'Again' FROM discussions d WHERE d.id = ANY($2::int[])`,
      [consultant, [waitingNow[3], opened.find((discussion) => !waitingNow.includes(discussion.id))!.id]],
    );
    await db.query(`UPDATE users SET last_name = 'Aaa-first' WHERE id = (SELECT customer_id FROM discussions WHERE id = $1)`, [
      waitingNow[5],
    ]);
    await db.query(`UPDATE discussions SET status = 'closed', closed_at = now() WHERE id = $1`, [waitingNow[6]]);
    await db.query(`DELETE FROM user_contacts WHERE consultant_id = $1 AND user_id = (SELECT customer_id FROM discussions WHERE id = $2)`, [
      consultant,
      waitingNow[7],
    ]);
    const afterWrites = await pendingSorted(db, consultant, total, 0);
    assert.notDeepEqual(afterWrites, expected, 'the writes changed the list');
    for (const pageSize of [7, 20]) {
      const walked: unknown[] = [];
      for (let offset = 0; offset < afterWrites.length; offset += pageSize)
        walked.push(...(await pendingByWalk(db, consultant, pageSize, offset)));
      assert.deepEqual(walked, afterWrites, `pages of ${pageSize} after the writes`);
    }

    // The route walks for this book, and pages it the same way.
    const response = await hub.call(CONSULTANT, 'GET', '/api/discussions/pending?page_size=20&page=3');
    assert.equal(response.statusCode, 200);
    const page = response.json() as PendingList;
    assert.equal(page.total, total - 1);
    assert.deepEqual(
      page.items.map((item) => [item.user.id, item.discussion_id, item.pending_count]),
      (await pendingSorted(db, consultant, 20, 40)).map((row) => [
        (typeof row.user === 'string' ? JSON.parse(row.user) : row.user).id,
        row.discussion_id,
        row.pending_count,
      ]),
    );
  });
});
