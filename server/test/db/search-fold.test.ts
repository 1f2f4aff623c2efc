import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../test-support/helper';

// Migration 0092: search_fold() is inlined into the queries that call it (no query of its own per
// call), where the migration's role could declare the immutable unaccent it needs.
describe(`search_fold (${DB_KIND})`, () => {
  test('should fold accents and case, and be inlined into the query that calls it', async () => {
    const db = await testDb();
    const { rows } = await db.query<{ folded: string; superuser: boolean }>(
      `SELECT search_fold('Éléments Bancaires') AS folded, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser`,
    );
    assert.equal(rows[0]!.folded, 'elements bancaires');
    // The tests' roles are superusers (the embedded database's, the test cluster's).
    assert.equal(rows[0]!.superuser, true);
    // Without a sequential scan to choose, so that the plan does not hang on the table's size.
    const plan = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (VERBOSE) SELECT search_fold(title) FROM advices WHERE search_fold(title) = 'x'`);
    });
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    assert.match(text, /search_unaccent/, text);
    assert.doesNotMatch(text, /search_fold/, text);
    // The folded titles' index (migration 0087) still serves the inlined expression.
    assert.match(text, /advices_title_fold_idx/, text);
  });

  test('should tell the planner that folding costs a hundred operators (migration 0095)', async () => {
    const db = await testDb();
    // At one operator, the planner folded a small table's every name rather than read its index.
    const { rows } = await db.query<{ cost: number }>(
      `SELECT procost::float AS cost FROM pg_proc WHERE oid = 'search_unaccent(regdictionary, text)'::regprocedure`,
    );
    assert.deepEqual(rows, [{ cost: 100 }]);
  });
});
