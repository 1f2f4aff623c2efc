// @one-pass(pglite): PGlite's own prepared statements, on databases this file opens.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../src/db/db';
import { openPglite } from '../../src/db/pglite-db';
import { openPgliteIsolated } from '../../src/db/pglite-isolated';
import { MAX_PREPARED } from '../../src/db/pglite-prepared.mjs';

const PREPARE = { prepare: true } as const;

/** The statements the database holds prepared under our names, with how often each was planned. */
async function preparedNow(db: Db) {
  const { rows } = await db.query<{ statement: string; generic: number; custom: number }>(
    `SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
      WHERE name LIKE 'hub_prepared_%' ORDER BY prepare_time`,
  );
  return rows;
}

for (const [label, open] of [
  ['on the caller’s thread', () => openPglite()],
  ['in a thread of its own', (folder: string) => openPgliteIsolated({ dataDir: join(folder, 'pglite') })],
] as const) {
  describe(`PGlite's prepared statements (QueryOptions.prepare), ${label}`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'hub-pglite-prepared-'));
    let db: Db;
    before(async () => {
      db = await open(folder);
      await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, tags text[], at timestamptz, meta jsonb)');
    });
    after(async () => {
      await db?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    test('should answer as an unprepared statement does, every type as PGlite gives it, parsed once for many calls', async () => {
      const at = new Date('2026-11-28T05:00:00Z');
      const insert = 'INSERT INTO notes VALUES ($1, $2, $3, $4, $5) RETURNING id';
      for (let id = 1; id <= 8; id += 1) {
        const { rows } = await db.query<{ id: number }>(insert, [id, `note ${id}`, ['a', `t${id}`], at, { id, nested: [id] }], PREPARE);
        assert.deepEqual(rows, [{ id }]);
      }
      const select = 'SELECT id, body, tags, at, meta FROM notes WHERE id >= $1 AND body LIKE $2 ORDER BY id';
      const prepared = await db.query(select, [3, 'note%'], PREPARE);
      const plain = await db.query(select, [3, 'note%']);
      assert.equal(prepared.rows.length, 6);
      assert.deepEqual(prepared.rows, plain.rows);
      assert.deepEqual(prepared.rows[0], { id: 3, body: 'note 3', tags: ['a', 't3'], at, meta: { id: 3, nested: [3] } });
      // A null, and no row at all.
      assert.deepEqual((await db.query('SELECT $1::text IS NULL AS missing', [null], PREPARE)).rows, [{ missing: true }]);
      assert.deepEqual((await db.query(select, [100, '%'], PREPARE)).rows, []);

      const statements = await preparedNow(db);
      const insertStatement = statements.find((row) => row.statement === insert);
      assert.ok(insertStatement, 'the insert is held prepared under its name');
      assert.equal(insertStatement.generic + insertStatement.custom, 8, 'eight runs of one statement parsed once');
      assert.equal(statements.filter((row) => row.statement === select).length, 1);
    });

    test('should fail a call with PostgreSQL’s error and code, and keep the database and the statement usable', async () => {
      const cast = 'SELECT $1::int + 1 AS next';
      await assert.rejects(db.query(cast, ['not a number'], PREPARE), (error: Error & { code?: string }) => {
        assert.equal(error.code, '22P02');
        return true;
      });
      assert.deepEqual((await db.query(cast, [41], PREPARE)).rows, [{ next: 42 }]);
      // A statement that does not parse is not remembered: the next one is prepared as usual.
      await assert.rejects(db.query('SELEC 1', [], PREPARE), (error: Error & { code?: string }) => error.code === '42601');
      assert.equal((await preparedNow(db)).filter((row) => row.statement === 'SELEC 1').length, 0);
      await assert.rejects(
        db.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [1, 'again'], PREPARE),
        (error: Error & { code?: string; constraint?: string }) => error.code === '23505' && error.constraint === 'notes_pkey',
      );
      assert.deepEqual((await db.query('SELECT count(*)::int AS n FROM notes', [], PREPARE)).rows, [{ n: 8 }]);
    });

    test('should run inside a transaction: rolled back with it, or kept once committed', async () => {
      const insert = 'INSERT INTO notes (id, body) VALUES ($1, $2)';
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query(insert, [20, 'rolled back'], PREPARE);
          assert.equal((await tx.query('SELECT 1 FROM notes WHERE id = $1', [20], PREPARE)).rows.length, 1, 'seen inside');
          throw new Error('undo');
        }),
        /undo/,
      );
      await db.transaction(async (tx) => {
        await tx.query(insert, [21, 'kept'], PREPARE);
      });
      const { rows } = await db.query<{ id: number }>('SELECT id FROM notes WHERE id IN (20, 21)', [], PREPARE);
      assert.deepEqual(rows, [{ id: 21 }]);
    });

    test(`should hold at most ${MAX_PREPARED} statements, closing the least recently used`, async () => {
      const first = 'SELECT $1::int AS kept';
      await db.query(first, [1], PREPARE);
      for (let index = 0; index < MAX_PREPARED + 20; index += 1) {
        await db.query(`SELECT $1::int + ${index} AS n`, [1], PREPARE);
        // The first one, used again and again, stays the most recent.
        if (index % 10 === 0) await db.query(first, [index], PREPARE);
      }
      const statements = await preparedNow(db);
      assert.equal(statements.length, MAX_PREPARED);
      assert.ok(
        statements.some((row) => row.statement === first),
        'the statement used often is still there',
      );
      assert.ok(!statements.some((row) => row.statement === 'SELECT $1::int + 0 AS n'), 'the oldest unused one is closed');
    });
  });
}
