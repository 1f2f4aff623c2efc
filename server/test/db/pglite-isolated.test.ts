// @one-pass(pglite): the embedded database in its own thread, opened on a folder of its own.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isDatabaseUnavailable } from '../../src/db/db-errors';
import { DatabaseStuckError, openPgliteIsolated } from '../../src/db/pglite-isolated';

/** A statement that holds the database's thread for seconds, as a stuck one does (a sum over millions of rows). */
const LONG = 'SELECT sum(i) FROM generate_series(1, 400000000) i';

describe('embedded PGlite in a thread of its own', () => {
  const folder = mkdtempSync(join(tmpdir(), 'hub-pglite-isolated-'));
  const trace = join(folder, 'trace.jsonl');
  const reopens: Array<{ stuckMs: number; failedCalls: number; oldest: string | null; dropped?: string }> = [];
  let db: Awaited<ReturnType<typeof openPgliteIsolated>>;
  before(async () => {
    db = await openPgliteIsolated({
      dataDir: join(folder, 'pglite'),
      stuckAfterMs: 2000,
      traceFile: trace,
      onReopen: (facts) => reopens.push(facts),
    });
    await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, at timestamptz, raw bytea)');
  });
  after(async () => {
    await db?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('rows, dates and bytes come back as PGlite gives them; an error keeps its code and constraint', async () => {
    const at = new Date('2026-11-28T05:00:00Z');
    await db.query('INSERT INTO notes VALUES ($1, $2, $3, $4)', [1, 'first', at, new Uint8Array([1, 2, 3])]);
    const { rows } = await db.query<{ id: number; body: string; at: Date; raw: Uint8Array }>('SELECT * FROM notes');
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.body, 'first');
    assert.equal(rows[0]!.at.toISOString(), at.toISOString());
    assert.deepEqual([...rows[0]!.raw], [1, 2, 3]);
    await assert.rejects(
      db.query('INSERT INTO notes VALUES ($1, $2)', [1, 'again']),
      (error: Error & { code?: string; constraint?: string }) => {
        assert.equal(error.code, '23505');
        assert.equal(error.constraint, 'notes_pkey');
        assert.equal(isDatabaseUnavailable(error), false);
        return true;
      },
    );
  });

  test('a transaction commits when its function resolves and leaves nothing when it throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [2, 'kept']);
    });
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [3, 'dropped']);
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    const { rows } = await db.query<{ id: number }>('SELECT id FROM notes ORDER BY id');
    assert.deepEqual(
      rows.map((row) => row.id),
      [1, 2],
    );
  });

  test('NOTIFY reaches a listener, and not after it stopped listening', async () => {
    const heard: string[] = [];
    const stop = await db.listen('notes_channel', (payload) => heard.push(payload));
    await db.query("SELECT pg_notify('notes_channel', 'one')");
    await stop();
    await db.query("SELECT pg_notify('notes_channel', 'two')");
    await db.query('SELECT 1');
    assert.deepEqual(heard, ['one']);
  });

  test('a statement that holds the thread past the limit: the call fails as unavailable, the database reopens with what was committed, listeners hear it', async () => {
    const states: boolean[] = [];
    const heard: string[] = [];
    const stop = await db.listen(
      'after_reopen',
      (payload) => heard.push(payload),
      (listening) => states.push(listening),
    );
    // While the statement runs, the server's own thread stays free.
    const started = Date.now();
    const stuck = db.query(LONG);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 100);
    await assert.rejects(stuck, (error: Error) => {
      assert.ok(error instanceof DatabaseStuckError, String(error));
      assert.equal(isDatabaseUnavailable(error), true);
      return true;
    });
    clearInterval(ticker);
    assert.ok(Date.now() - started >= 2000, 'not before the limit');
    assert.ok(ticks >= 10, `the main thread ran its timers meanwhile (${ticks})`);
    await db.query('SELECT 1');
    assert.equal(reopens.length, 1);
    assert.equal(reopens[0]!.failedCalls, 1);
    // The log names the statement that held the thread.
    assert.equal(reopens[0]!.oldest, `query: ${LONG}`);
    assert.deepEqual(states, [false, true]);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
    assert.equal(rows[0]!.n, 2);
    await db.query("SELECT pg_notify('after_reopen', 'still heard')");
    await db.query('SELECT 1');
    assert.deepEqual(heard, ['still heard']);
    await stop();
  });

  test('an exception PGlite drops: the call fails as unavailable at once, the database reopens with what was committed', async () => {
    // A plpgsql function recursing thousands deep overflows the thread's stack inside PostgreSQL:
    // an exception that is not an ERROR, which PGlite drops (pglite-open.mjs). Left to run, the
    // statement answered no rows, and the next ones rows of other statements.
    await db.exec(
      `CREATE FUNCTION deep(n int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN IF n = 0 THEN RETURN 0; END IF; RETURN deep(n - 1) + 1; END $$`,
    );
    const before = reopens.length;
    const started = Date.now();
    await assert.rejects(db.query('SELECT deep(5000) AS depth'), (error: Error) => {
      assert.ok(error instanceof DatabaseStuckError, String(error));
      assert.match(error.message, /broke inside PostgreSQL \(RangeError: Maximum call stack size exceeded\)/);
      assert.equal(isDatabaseUnavailable(error), true);
      return true;
    });
    // Not the stuck statement's limit (2 s): as soon as the statement came back.
    assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
    assert.equal(rows[0]!.n, 2);
    assert.deepEqual((await db.query<{ depth: number }>('SELECT deep(10) AS depth')).rows, [{ depth: 10 }]);
    assert.equal(reopens.length, before + 1);
    assert.equal(reopens.at(-1)!.dropped, 'RangeError: Maximum call stack size exceeded');
    assert.equal(reopens.at(-1)!.oldest, 'query: SELECT deep(5000) AS depth');
  });

  test('the trace names every statement started, with its end or its error', () => {
    const lines = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { ev: string; id?: number; sql?: string; message?: string });
    const long = lines.find((line) => line.ev === 'start' && line.sql === LONG);
    assert.ok(long, 'the long statement was traced');
    const outcome = lines.find((line) => line.id === long.id && line.ev !== 'start');
    assert.equal(outcome?.ev, 'error');
    assert.match(outcome.message ?? '', /did not answer/);
    assert.ok(lines.some((line) => line.ev === 'error' && /duplicate key/.test(line.message ?? '')));
    assert.ok(lines.some((line) => line.ev === 'begin') && lines.some((line) => line.ev === 'rollback'));
  });
});
