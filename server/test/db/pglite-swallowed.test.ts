// @one-pass(pglite): PGlite's protocol loop and what it drops, on a database this file opens.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
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
});
