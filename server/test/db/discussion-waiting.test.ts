import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb, userId } from '../test-support/helper';
import { signedInApp } from '../test-support/signed-in-app';

/**
 * The pending list's sort key, kept by triggers (migration 0085): after every kind of write, the
 * rows of discussion_waiting must equal a count of the open messages per recipient and discussion,
 * with the discussion's other party and their name as they are now.
 */
describe(`discussion_waiting, the pending list's kept sort key (${DB_KIND})`, () => {
  const { call } = signedInApp();

  async function assertKept(step: string) {
    const db = await testDb();
    const kept = await db.query(
      `SELECT recipient_id, discussion_id, n, other_id,
              CASE WHEN other_id IS NULL THEN NULL ELSE last_name END AS last_name,
              CASE WHEN other_id IS NULL THEN NULL ELSE first_name END AS first_name
         FROM discussion_waiting ORDER BY 1, 2`,
    );
    const real = await db.query(
      `SELECT m.to_user_id AS recipient_id, m.discussion_id, count(*)::int AS n, o.id AS other_id, o.last_name, o.first_name
         FROM messages m
         JOIN discussions d ON d.id = m.discussion_id
         LEFT JOIN users o ON o.id = CASE WHEN d.consultant_id = m.to_user_id THEN d.customer_id ELSE d.consultant_id END
        WHERE m.status = 'open' AND m.to_user_id IS NOT NULL
        GROUP BY 1, 2, 4, 5, 6 ORDER BY 1, 2`,
    );
    assert.deepEqual(kept.rows, real.rows, `kept rows after ${step}`);
  }

  test('should follow new, read, moved and deleted messages, renames, and deleted discussions and people', async () => {
    const db = await testDb();
    const nina = await userId('user@northwind.test');
    const consultant = await userId('consultant@demo.test');
    await assertKept('the seed');

    // Through the API: Nina writes to her consultant, who opens the thread (marked read).
    const sent = await call('user@northwind.test', 'POST', '/api/discussions', { payload: { message: 'Are the figures final?' } });
    assert.equal(sent.statusCode, 201, sent.body);
    const discussionId = (sent.json() as { discussion: { id: number } }).discussion.id;
    await assertKept('a customer’s message');
    const waitingForHim = await db.query(`SELECT n FROM discussion_waiting WHERE recipient_id = $1 AND discussion_id = $2`, [
      consultant,
      discussionId,
    ]);
    assert.ok(waitingForHim.rows.length === 1, 'the consultant has a message waiting in that discussion');
    assert.equal((await call('consultant@demo.test', 'GET', `/api/discussions/${discussionId}/messages`)).statusCode, 200);
    await assertKept('the consultant reading the thread');
    assert.equal(
      (await db.query(`SELECT 1 FROM discussion_waiting WHERE recipient_id = $1 AND discussion_id = $2`, [consultant, discussionId])).rows
        .length,
      0,
      'nothing waits once read',
    );

    // Many at once, in both directions, then some read, some moved to another recipient, some deleted.
    const { rows: made } = await db.query<{ id: number }>(
      `INSERT INTO messages (discussion_id, from_user_id, to_user_id, message, status)
       SELECT $1, CASE WHEN k % 2 = 0 THEN $2::int ELSE $3::int END, CASE WHEN k % 2 = 0 THEN $3::int ELSE $2::int END, 'Bulk ' || k, 'open'
         FROM generate_series(1, 30) k RETURNING id`,
      [discussionId, nina, consultant],
    );
    const ids = made.map((row) => row.id);
    await assertKept('thirty messages in one statement');
    await db.query(`UPDATE messages SET status = 'read' WHERE id = ANY($1::int[])`, [ids.slice(0, 8)]);
    await db.query(`UPDATE messages SET message = 'Edited', is_edited = true WHERE id = ANY($1::int[])`, [ids.slice(8, 12)]);
    await db.query(`UPDATE messages SET to_user_id = CASE WHEN to_user_id = $2 THEN $3 ELSE $2 END WHERE id = ANY($1::int[])`, [
      ids.slice(12, 16),
      nina,
      consultant,
    ]);
    await db.query(`UPDATE messages SET status = 'open' WHERE id = ANY($1::int[])`, [ids.slice(0, 2)]);
    await assertKept('read, edited, moved and reopened messages');
    await db.query(`DELETE FROM messages WHERE id = ANY($1::int[])`, [ids.slice(16, 24)]);
    await assertKept('deleted messages');

    // Renamed people: the rows naming them follow.
    await db.query(`UPDATE users SET last_name = 'Zed-Renamed', first_name = 'Nina Z' WHERE id = $1`, [nina]);
    await db.query(`UPDATE users SET last_name = last_name WHERE id = $1`, [consultant]);
    await assertKept('renames');

    // Several changes in one transaction.
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO messages (discussion_id, from_user_id, to_user_id, message) VALUES ($1, $2, $3, 'In one transaction')`, [
        discussionId,
        nina,
        consultant,
      ]);
      await tx.query(`UPDATE messages SET status = 'read' WHERE discussion_id = $1 AND to_user_id = $2`, [discussionId, nina]);
      await tx.query(`UPDATE users SET first_name = 'Nina T' WHERE id = $1`, [nina]);
    });
    await assertKept('several changes in one transaction');

    // A customer with a discussion, then deleted: the rows naming them lose their other party; the
    // discussion goes with the customer, and its rows with it.
    const { rows: person } = await db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, last_name) VALUES ('waiting@kept.test', 'Wanda', 'Waiting') RETURNING id`,
    );
    const { rows: opened } = await db.query<{ id: number }>(
      `INSERT INTO discussions (customer_id, consultant_id) VALUES ($1, $2) RETURNING id`,
      [person[0]!.id, consultant],
    );
    await db.query(
      `INSERT INTO messages (discussion_id, from_user_id, to_user_id, message) VALUES ($1, $2, $3, 'Hello'), ($1, $3, $2, 'Hello back')`,
      [opened[0]!.id, person[0]!.id, consultant],
    );
    await assertKept('a new discussion');
    await db.query(`DELETE FROM users WHERE id = $1`, [person[0]!.id]);
    await assertKept('a customer deleted');
    await db.query(`DELETE FROM discussions WHERE id = $1`, [discussionId]);
    await assertKept('a discussion deleted');
  });

  // Two writers of one recipient's row in one discussion, at the same time: each change is a delta
  // applied under the row's lock, so neither is lost. PGlite runs one transaction at a time.
  test('should lose no message written by two transactions at once', { skip: DB_KIND === 'pglite' }, async () => {
    const db = await testDb();
    const nina = await userId('user@northwind.test');
    const consultant = await userId('consultant@demo.test');
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO discussions (customer_id, consultant_id, status) VALUES ($1, $2, 'closed') RETURNING id`,
      [nina, consultant],
    );
    const discussionId = rows[0]!.id;
    const insert = `INSERT INTO messages (discussion_id, from_user_id, to_user_id, message) VALUES ($1, $2, $3, $4)`;
    await db.query(insert, [discussionId, nina, consultant, 'First']);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstWrote = new Promise<void>((resolve) => (started = resolve));
    const first = db.transaction(async (tx) => {
      await tx.query(insert, [discussionId, nina, consultant, 'Second']);
      started();
      await held;
    });
    await firstWrote;
    // The second waits for the first's row lock: let the first commit a moment later.
    const second = db.transaction(async (tx) => {
      await tx.query(insert, [discussionId, nina, consultant, 'Third']);
    });
    setTimeout(release, 200);
    await Promise.all([first, second]);
    const { rows: kept } = await db.query<{ n: number }>(
      `SELECT n FROM discussion_waiting WHERE recipient_id = $1 AND discussion_id = $2`,
      [consultant, discussionId],
    );
    assert.deepEqual(kept, [{ n: 3 }]);
    await assertKept('two writers at once');
  });
});
