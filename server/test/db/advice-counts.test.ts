import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb, userId } from '../test-support/helper';
import { entityId } from '../test-support/caller';
import { signedInApp } from '../test-support/signed-in-app';

/**
 * GET /api/advices reads its `total` from advice_counts, kept by a trigger (migration 0003):
 * after every kind of change the counters must equal a real count, and the total must equal the
 * number of advices the list itself returns.
 */
describe(`advice_counts and the total of GET /api/advices (${DB_KIND})`, () => {
  const { call } = signedInApp();

  async function assertCounters(step: string) {
    const db = await testDb();
    const kept = await db.query<{ key: string; count: number }>(
      `SELECT entity_id || '/' || status || '/' || audience_type AS key, count FROM advice_counts WHERE count > 0 ORDER BY 1`,
    );
    const real = await db.query<{ key: string; count: number }>(
      `SELECT entity_id || '/' || status || '/' || audience_type AS key, count(*)::int AS count FROM advices WHERE entity_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    assert.deepEqual(kept.rows, real.rows, `counters after ${step}`);
    for (const [email, query, headers] of [
      ['user@northwind.test', '', {}],
      ['publisher@demo.test', '', {}],
      ['user@contoso.test', '', {}],
      ['contributor@northwind.test', '?includes_unpublished=true', {}],
      // An administrator displaying a Contoso user, drafts included.
      ['admin@demo.test', '?includes_unpublished=true', { 'display-as-user-id': String(await userId('user@contoso.test')) }],
    ] as const) {
      const response = await call(email, 'GET', `/api/advices${query}${query ? '&' : '?'}page_size=100`, { headers });
      assert.equal(response.statusCode, 200, response.body);
      const page = response.json();
      assert.equal(page.total, page.items.length, `${email}${query} after ${step}`);
    }
  }

  test('should keep the counters and the totals right through inserts, updates, moves and deletes', async () => {
    const db = await testDb();
    const northwind = await entityId('Northwind Traders');
    const contoso = await entityId('Contoso');
    const nina = await userId('user@northwind.test');
    await assertCounters('the seed');

    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO advices (title, status, audience_type, entity_id)
       SELECT 'Generated ' || n, CASE WHEN n % 3 = 0 THEN 0 ELSE 16 END, CASE WHEN n % 4 = 0 THEN 'user' ELSE 'multi_users' END, $1
         FROM generate_series(1, 40) AS n RETURNING id`,
      [northwind],
    );
    const ids = rows.map((row) => row.id);
    await db.query(
      `INSERT INTO advice_users (advice_id, user_id) SELECT id, $1 FROM advices WHERE id = ANY($2::int[]) AND audience_type = 'user'`,
      [nina, ids],
    );
    await assertCounters('inserts');

    await db.query(`UPDATE advices SET status = 16 WHERE id = ANY($1::int[])`, [ids.slice(0, 10)]);
    await db.query(`UPDATE advices SET audience_type = 'multi_users' WHERE id = ANY($1::int[])`, [ids.slice(10, 20)]);
    await db.query(`UPDATE advices SET title = 'Renamed' WHERE id = ANY($1::int[])`, [ids.slice(20, 25)]);
    await assertCounters('publishing, audience changes and renames');

    await db.query(`UPDATE advices SET entity_id = $2 WHERE id = ANY($1::int[])`, [ids.slice(25, 30), contoso]);
    await db.query(`UPDATE advices SET entity_id = NULL WHERE id = ANY($1::int[])`, [ids.slice(30, 32)]);
    await db.query(`UPDATE advices SET entity_id = $2 WHERE id = ANY($1::int[])`, [ids.slice(30, 31), northwind]);
    await assertCounters('moves between entities');

    await db.query(`DELETE FROM advices WHERE id = ANY($1::int[])`, [ids.slice(32)]);
    await assertCounters('deletes');

    // Several changes of one advice in one transaction, counted at its commit (migration 0084).
    await db.transaction(async (tx) => {
      const { rows: made } = await tx.query<{ id: number }>(
        `INSERT INTO advices (title, status, audience_type, entity_id) VALUES ('In one transaction', 0, 'multi_users', $1) RETURNING id`,
        [northwind],
      );
      await tx.query(`UPDATE advices SET status = 16 WHERE id = $1`, [made[0]!.id]);
      await tx.query(`UPDATE advices SET entity_id = $2 WHERE id = $1`, [made[0]!.id, contoso]);
      await tx.query(`UPDATE advices SET audience_type = 'user' WHERE id = ANY($1::int[])`, [ids.slice(0, 3)]);
      await tx.query(`DELETE FROM advices WHERE id = $1`, [ids[3]]);
    });
    await assertCounters('several changes in one transaction');

    // An advice written for a company deleted later in the same transaction: nothing left to count.
    const { rows: company } = await db.query<{ id: number }>(
      `INSERT INTO entities (name, slug) VALUES ('Gone before the commit', 'gone-before-the-commit') RETURNING id`,
    );
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO advices (title, status, audience_type, entity_id) VALUES ('Orphan', 16, 'multi_users', $1)`, [
        company[0]!.id,
      ]);
      await tx.query(`DELETE FROM entities WHERE id = $1`, [company[0]!.id]);
    });
    await assertCounters('a company deleted in the transaction that wrote its advice');

    // Through the API too: an administrator deletes an entity, its advices go with it.
    assert.equal((await call('admin@demo.test', 'DELETE', `/api/admin/entities/${contoso}`)).statusCode, 204);
    await assertCounters('an entity deleted');
  });

  // Every advice of a company, status and audience changes one counter row, whose lock lasts until
  // the transaction ends: taken at the commit only, a long write (a publish's notifications) no
  // longer holds back the company's other advice writes. PGlite runs one transaction at a time.
  test(
    'should not hold back a second writer of the same company while the first is still open',
    { skip: DB_KIND === 'pglite' },
    async () => {
      const db = await testDb();
      const northwind = await entityId('Northwind Traders');
      // Titles without a word in common: a word new to the search's vocabulary (search_words) is a
      // row the second would wait for too, until the first commits.
      const insert = `INSERT INTO advices (title, status, audience_type, entity_id) VALUES ($1, 16, 'multi_users', $2)`;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const firstWrote = new Promise<void>((resolve) => (started = resolve));
      const first = db.transaction(async (tx) => {
        await tx.query(insert, ['Alpha kept', northwind]);
        started();
        await held;
      });
      await firstWrote;
      try {
        await db.transaction(async (tx) => {
          // Waiting on the first's lock would take this long and fail: the first stays open until released.
          await tx.query(`SET LOCAL lock_timeout = '2s'`);
          await tx.query(insert, ['Bravo meanwhile', northwind]);
        });
      } finally {
        release();
        await first;
      }
      await assertCounters('two writers of one company');
    },
  );
});
