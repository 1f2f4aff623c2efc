// @one-pass(pglite): PGlite's protocol loop and what it drops, on a database this file opens.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { DatabaseBrokenError, openPglite } from '../../src/db/pglite-db';
import { isDatabaseUnavailable } from '../../src/db/db-errors';
import { createPglite, sayWhatIsSwallowed } from '../../src/db/pglite-open.mjs';

describe('exceptions PGlite drops in its protocol loop (sayWhatIsSwallowed)', () => {
  let said: string[] = [];
  const original = console.error;
  beforeEach(() => {
    said = [];
    console.error = (...args: unknown[]) => void said.push(args.map(String).join(' '));
  });
  afterEach(() => {
    console.error = original;
  });

  test('should say an exception other than an ERROR, write it to the trace, and let it go on', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hub-pglite-swallowed-'));
    const trace = join(folder, 'trace.jsonl');
    const before = process.env.PGLITE_TRACE;
    process.env.PGLITE_TRACE = trace;
    try {
      // PostgreSQL's main loop as PGlite's module holds it, here one that throws as a JavaScript
      // exception from inside the WebAssembly would (neither an ERROR nor an exit).
      const pglite = {
        POSTGRES_MAIN_LONGJMP: 100,
        mod: {
          _PostgresMainLoopOnce: (): void => {
            throw new RangeError('Maximum call stack size exceeded');
          },
        },
      };
      sayWhatIsSwallowed(pglite);
      assert.throws(() => pglite.mod._PostgresMainLoopOnce(), RangeError, 'PGlite still gets the exception');
      assert.deepEqual(said, [
        "PGlite dropped an exception of PostgreSQL's main loop (the statement may hang): RangeError: Maximum call stack size exceeded",
      ]);
      const lines = readFileSync(trace, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { ev: string; error: string });
      assert.deepEqual(
        lines.map((line) => line.ev),
        ['swallowed'],
      );
      assert.equal(lines[0]!.error, 'RangeError: Maximum call stack size exceeded');
    } finally {
      if (before === undefined) delete process.env.PGLITE_TRACE;
      else process.env.PGLITE_TRACE = before;
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('should tell onDropped, naming a thrown value that is not an Error by its class and fields', () => {
    class EmscriptenSjLj {
      readonly env = 7;
    }
    const told: string[] = [];
    const pglite = {
      POSTGRES_MAIN_LONGJMP: 100,
      mod: {
        _PostgresMainLoopOnce: (): void => {
          throw new EmscriptenSjLj();
        },
      },
    };
    sayWhatIsSwallowed(pglite, (said) => told.push(said));
    assert.throws(() => pglite.mod._PostgresMainLoopOnce(), EmscriptenSjLj);
    assert.deepEqual(told, ['EmscriptenSjLj {"env":7}']);
  });

  test('should say nothing of an ERROR, which PGlite recovers from', async () => {
    const pglite = await createPglite();
    try {
      // The database's main loop is the watched one.
      const { mod } = pglite as unknown as { mod: { _PostgresMainLoopOnce: () => void } };
      assert.doesNotMatch(String(mod._PostgresMainLoopOnce), /native code/);
      await assert.rejects(pglite.query('SELECT * FROM no_such_table'), /no_such_table/);
      assert.deepEqual((await pglite.query<{ one: number }>('SELECT 1 AS one')).rows, [{ one: 1 }]);
      assert.deepEqual(said, []);
    } finally {
      await pglite.close();
    }
  });

  test('should break the handle: the call that met the exception and every later one fail at once', async () => {
    const broke: string[] = [];
    const db = await openPglite({ onBroken: (dropped) => broke.push(dropped) });
    try {
      // A plpgsql function recursing thousands deep overflows the stack inside PostgreSQL, which
      // PGlite drops: left to run, the statement answered no rows, and the next ones wrong rows.
      await db.exec(
        `CREATE FUNCTION deep(n int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN IF n = 0 THEN RETURN 0; END IF; RETURN deep(n - 1) + 1; END $$`,
      );
      assert.deepEqual((await db.query<{ depth: number }>('SELECT deep(10) AS depth')).rows, [{ depth: 10 }]);
      const broken = (error: Error) => {
        assert.ok(error instanceof DatabaseBrokenError, String(error));
        assert.equal(error.dropped, 'RangeError: Maximum call stack size exceeded');
        assert.equal(isDatabaseUnavailable(error), true);
        return true;
      };
      await assert.rejects(db.query('SELECT deep(5000) AS depth'), broken);
      await assert.rejects(db.query('SELECT 1 AS one'), broken);
      await assert.rejects(
        db.transaction(async (tx) => tx.query('SELECT 1 AS one')),
        broken,
      );
      assert.deepEqual(broke, ['RangeError: Maximum call stack size exceeded']);
    } finally {
      await db.close();
    }
  });
});
