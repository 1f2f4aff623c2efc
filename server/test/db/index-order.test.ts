import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openPostgres } from '../../src/db/postgres-db';
import { DB_KIND, testDb } from '../test-support/helper';

// QueryOptions.indexOrder (db.ts): one statement planned with sorting as a last resort and without
// JIT, the other statements' settings left as they are.
const SETTINGS = `SELECT current_setting('plan_cache_mode') AS mode, current_setting('enable_sort') AS sort,
                         current_setting('jit') AS jit, $1::int AS value`;
type Settings = { mode: string; sort: string; jit: string; value: number };

describe(`a statement read in index order (${DB_KIND})`, () => {
  test('should plan that statement so only, on the pool and inside a transaction', async () => {
    const db = await testDb();
    const usual = (await db.query<Settings>(SETTINGS, [1])).rows[0]!;
    // PostgreSQL's connections keep generic plans (postgres-db.ts); PGlite leaves the default.
    assert.equal(usual.mode, DB_KIND === 'postgres' ? 'force_generic_plan' : 'auto');
    assert.equal(usual.sort, 'on');
    const ordered = (await db.query<Settings>(SETTINGS, [2], { indexOrder: true })).rows[0]!;
    // PGlite ignores the option.
    const expected = DB_KIND === 'postgres' ? { mode: 'force_generic_plan', sort: 'off', jit: 'off' } : { ...usual, value: undefined };
    assert.deepEqual({ ...ordered, value: undefined }, { ...expected, value: undefined });
    assert.deepEqual((await db.query<Settings>(SETTINGS, [3])).rows[0], { ...usual, value: 3 });
    // On PostgreSQL it ran on a connection of its own, set so: no transaction wrapped it.
    const stats = db.stats?.();
    if (stats?.kind === 'postgres') assert.ok(stats.ordered.total >= 1 && stats.ordered.max >= 2, JSON.stringify(stats));
    // Prepared as well (one generic plan per connection).
    for (const value of [6, 7]) {
      assert.deepEqual((await db.query<Settings>(SETTINGS, [value], { prepare: true, indexOrder: true })).rows[0], { ...ordered, value });
    }
    assert.deepEqual((await db.query<Settings>(SETTINGS, [8], { prepare: true })).rows[0], { ...usual, value: 8 });

    const inside = await db.transaction(async (tx) => {
      const during = (await tx.query<Settings>(SETTINGS, [4], { indexOrder: true })).rows[0]!;
      const after = (await tx.query<Settings>(SETTINGS, [5])).rows[0]!;
      return { during, after };
    });
    assert.deepEqual(inside, { during: { ...ordered, value: 4 }, after: { ...usual, value: 5 } });
  });

  test('should run no more of them at once than the connections said for them', { skip: DB_KIND !== 'postgres' }, async () => {
    const db = await openPostgres({ connectionString: process.env.DATABASE_URL!, max: 1, searchConnections: 3 });
    try {
      const ran = await Promise.all(
        Array.from({ length: 7 }, () =>
          db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)', [], { indexOrder: true }),
        ),
      );
      // Seven at once on three connections: the others waited for one of them.
      assert.equal(new Set(ran.map((result) => result.rows[0]!.pid)).size, 3);
      const stats = db.stats?.();
      assert.ok(stats?.kind === 'postgres' && stats.ordered.max === 3 && stats.ordered.total === 3, JSON.stringify(stats));
    } finally {
      await db.close();
    }
  });

  test('should leave no transaction open when the statement fails', async () => {
    const db = await testDb();
    const usual = (await db.query<Settings>(SETTINGS, [0])).rows[0]!;
    await assert.rejects(db.query('SELECT 1 / $1::int', [0], { indexOrder: true }), /division by zero/);
    await assert.rejects(
      db.transaction((tx) => tx.query('SELECT 1 / $1::int', [0], { indexOrder: true })),
      /division by zero/,
    );
    // Every connection went back to the pool usable and with its own settings: one left in a failed
    // transaction would refuse every statement ("current transaction is aborted").
    for (let i = 0; i < 12; i += 1) assert.deepEqual((await db.query<Settings>(SETTINGS, [i])).rows[0], { ...usual, value: i });
  });
});
