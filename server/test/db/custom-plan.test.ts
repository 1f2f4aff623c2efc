import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../test-support/helper';

// QueryOptions.customPlan (db.ts): one statement planned for its values, the connections' generic
// plans left as they are for everything else.
const MODE = `SELECT current_setting('plan_cache_mode') AS mode, $1::int AS value`;
type Mode = { mode: string; value: number };

describe(`a statement planned for its values (${DB_KIND})`, () => {
  test('should plan that statement for its values only, on the pool and inside a transaction', async () => {
    const db = await testDb();
    const usual = (await db.query<Mode>(MODE, [1])).rows[0]!.mode;
    // PostgreSQL's connections keep generic plans (postgres-db.ts); PGlite leaves the default.
    assert.equal(usual, DB_KIND === 'postgres' ? 'force_generic_plan' : 'auto');
    const custom = (await db.query<Mode>(MODE, [2], { customPlan: true })).rows[0]!;
    assert.deepEqual(custom, { mode: DB_KIND === 'postgres' ? 'force_custom_plan' : 'auto', value: 2 });
    assert.equal((await db.query<Mode>(MODE, [3])).rows[0]!.mode, usual);
    // On PostgreSQL it ran on a connection of its own, set to plan so: no transaction wrapped it.
    const stats = db.stats?.();
    if (stats?.kind === 'postgres') assert.ok(stats.planned.total >= 1 && stats.planned.max >= 2, JSON.stringify(stats));
    // Prepared as well: parsed once per connection, planned for its values each time.
    for (const value of [6, 7]) {
      assert.deepEqual((await db.query<Mode>(MODE, [value], { prepare: true, customPlan: true })).rows[0], { mode: custom.mode, value });
    }
    assert.equal((await db.query<Mode>(MODE, [8], { prepare: true })).rows[0]!.mode, usual);

    const inside = await db.transaction(async (tx) => {
      const during = (await tx.query<Mode>(MODE, [4], { customPlan: true })).rows[0]!.mode;
      const after = (await tx.query<Mode>(MODE, [5])).rows[0]!.mode;
      return { during, after };
    });
    assert.deepEqual(inside, { during: custom.mode, after: usual });
  });

  test('should leave no transaction open when the statement fails', async () => {
    const db = await testDb();
    await assert.rejects(db.query('SELECT 1 / $1::int', [0], { customPlan: true }), /division by zero/);
    // The connection went back to the pool usable: a connection left in its failed transaction
    // would refuse every statement ("current transaction is aborted") and keep the custom plans.
    for (let i = 0; i < 12; i += 1) {
      assert.equal((await db.query<Mode>(MODE, [i])).rows[0]!.mode, DB_KIND === 'postgres' ? 'force_generic_plan' : 'auto');
    }
  });
});
