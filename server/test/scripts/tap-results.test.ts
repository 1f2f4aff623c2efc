// @one-pass: reads what node's own TAP reporter writes; no database.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { byFile, failureLines, readTap, sumFiles } from '../../scripts/tap-results.mjs';

/**
 * A pass in small, as run-files.ts runs one: a file that imports a second one into the same
 * process, with a test that passes, one that fails deep in a suite, a skipped one, and a suite
 * whose hook throws. The TAP is node's reporter's own, not written by hand.
 */
const FIRST = `
import { describe, test } from 'node:test';
describe('one', () => {
  test('adds', () => {});
  describe('inner', () => {
    test('compares', () => { throw new Error('Expected values to be strictly equal:\\n\\n200 !== 401\\n\\nmore'); });
  });
  test('later', { skip: 'not here' }, () => {});
});
await new Promise((resolve) => setTimeout(resolve, 50));
await import('./two.mjs');
`;
const SECOND = `
import { before, describe, test } from 'node:test';
describe('two', () => {
  before(() => { throw new Error('the cluster did not start'); });
  test('never runs', () => {});
});
test('two, top level', () => {});
`;

describe('the server tests’ TAP, read back (scripts/tap-results.mjs)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'hub-tap-'));
  let tap = '';

  before(() => {
    writeFileSync(join(folder, 'pass.test.mjs'), FIRST);
    writeFileSync(join(folder, 'two.mjs'), SECOND);
    const tapFile = join(folder, 'pass.tap');
    // Without the variable node's runner sets for the processes it starts, or this one would report
    // to this file's runner instead of writing its own TAP.
    const { NODE_TEST_CONTEXT: _parent, ...env } = process.env;
    spawnSync(process.execPath, ['--test', '--test-reporter=tap', `--test-reporter-destination=${tapFile}`, 'pass.test.mjs'], {
      cwd: folder,
      env,
      stdio: 'ignore',
    });
    tap = readFileSync(tapFile, 'utf8');
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  /** As run-files.ts lists them: the first file declared one suite, the second two top-level entries. */
  const declared: [string, number][] = [
    ['test/one.test.ts', 1],
    ['test/two.test.ts', 2],
  ];

  test('should count each file’s tests as node counts the pass’s, suites and skipped ones apart', () => {
    const { tops, unfinished, complete } = readTap(tap);
    assert.equal(complete, true);
    assert.equal(tops.length, 3);
    assert.deepEqual(unfinished, { passed: 0, failed: 0, skipped: 0 });
    const files = byFile(tops, declared);
    assert.deepEqual([...files.keys()], ['test/one.test.ts', 'test/two.test.ts']);
    assert.deepEqual(files.get('test/one.test.ts')!.counts, { passed: 1, failed: 1, skipped: 1 });
    assert.deepEqual(files.get('test/two.test.ts')!.counts, { passed: 1, failed: 1, skipped: 0 });
    const total = sumFiles(files).counts;
    assert.equal(total.passed, Number(/^# pass (\d+)/m.exec(tap)![1]));
    assert.equal(total.failed, Number(/^# fail (\d+)/m.exec(tap)![1]) + Number(/^# cancelled (\d+)/m.exec(tap)![1]));
    assert.equal(total.skipped, Number(/^# skipped (\d+)/m.exec(tap)![1]));
    assert.deepEqual(sumFiles(files, (file) => file !== 'test/one.test.ts').counts, { passed: 1, failed: 1, skipped: 0 });
  });

  test('should name a failing test in full with its file and error, and a suite whose hook threw, not the tests it cancelled', () => {
    const { failures } = sumFiles(byFile(readTap(tap).tops, declared));
    assert.deepEqual(
      failures.map(({ file, name }) => ({ file, name })),
      [
        { file: 'test/one.test.ts', name: 'one › inner › compares' },
        { file: 'test/two.test.ts', name: 'two' },
      ],
    );
    assert.equal(failures[0]!.error, 'Expected values to be strictly equal:\n\n200 !== 401\n\nmore');
    assert.match(failures[0]!.location ?? '', /pass\.test\.mjs:\d+:\d+$/);
    assert.match(failures[1]!.error, /the cluster did not start/);
    const lines = failureLines(failures.map((failure) => ({ database: 'pglite', ...failure })));
    assert.ok(lines.includes('  failed  [pglite] one › inner › compares'), lines.join('\n'));
    assert.ok(lines.includes('           200 !== 401'), lines.join('\n'));
  });

  test('should keep what a pass stopped midway wrote: the suites that ended, by file, and what was left unfinished', () => {
    // As after the process is killed in the second file's first suite, after its test was cancelled.
    const cut = tap.slice(0, /^not ok \d+ - two$/m.exec(tap)!.index);
    const { tops, unfinished, complete } = readTap(cut);
    assert.equal(complete, false);
    const files = byFile(tops, declared);
    assert.deepEqual([...files.keys()], ['test/one.test.ts']);
    assert.deepEqual(files.get('test/one.test.ts')!.counts, { passed: 1, failed: 1, skipped: 1 });
    assert.deepEqual(unfinished, { passed: 0, failed: 1, skipped: 0 });
  });
});
