import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND, testDb } from '../test-support/helper';

// Migration 0093: on the embedded database, which runs no autovacuum, no GIN index keeps a pending
// list (every scan would read it whole until an insert flushed 4 MB of it at once). PostgreSQL
// keeps the default: its autovacuum flushes the lists.
describe(`GIN pending lists (${DB_KIND})`, () => {
  test('should be off for every GIN index on PGlite, and left to the default on PostgreSQL', async () => {
    const db = await testDb();
    const { rows } = await db.query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
         JOIN pg_am am ON am.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE am.amname = 'gin' AND c.relkind = 'i' AND n.nspname = current_schema() ORDER BY 1`,
    );
    // The search's indexes at least (migrations 0080 to 0091): the check below is not vacuous.
    assert.ok(rows.length >= 15, rows.map((row) => row.name).join(', '));
    const withPendingList = rows.filter((row) => !(row.options ?? []).includes('fastupdate=off')).map((row) => row.name);
    if (DB_KIND === 'pglite') assert.deepEqual(withPendingList, []);
    else
      assert.deepEqual(
        withPendingList,
        rows.map((row) => row.name),
      );
  });

  test('should still find a typo’s correction among words written after the migration', async () => {
    const db = await testDb();
    await db.query(`INSERT INTO search_words (word) VALUES ('hippopotamus') ON CONFLICT DO NOTHING`);
    const { rows } = await db.query<{ word: string }>(
      `SELECT word FROM search_words WHERE word OPERATOR(extensions.%) 'hipopotamus'
        ORDER BY extensions.similarity(word, 'hipopotamus') DESC LIMIT 1`,
    );
    assert.equal(rows[0]?.word, 'hippopotamus');
  });
});
