// Reads what node's TAP reporter wrote for one pass of the server tests (run-tests.mjs), complete
// or cut short by a killed process: the tests passed and failed per test file, and the failures
// worth naming again at the end of a long log (the test, its file, the first lines of its error).
//
// A pass runs its files in one process (test/test-support/run-files.ts), so node's report does not
// say which file a test came from (a passing test's result carries no location). run-files.ts
// writes how many top-level suites and tests each file declared, and node reports them in that
// order, each once it has ended: the first n top-level results are the first file's, and so on.
// What a killed process left after its last top-level result is `unfinished`.

const RESULT = /^(\s*)(not ok|ok) \d+ - (.*?)(?: # (SKIP|TODO)\b.*)?$/;
const zero = () => ({ passed: 0, failed: 0, skipped: 0 });
/** Adds the counts `from` into `into`. */
const addCounts = (into, from) => {
  for (const key of ['passed', 'failed', 'skipped']) into[key] += from[key];
};
/** The lines of an error kept for the summary. */
const ERROR_LINES = 8;

/**
 * @typedef {{ file?: string, name: string, error: string, location?: string }} Failure
 * @typedef {{ passed: number, failed: number, skipped: number }} Counts
 * @param {string} text the TAP
 * @returns {{ tops: { counts: Counts, failures: Failure[] }[], unfinished: Counts, complete: boolean }}
 *   each top-level result, in order, with the tests under it; `complete` once the reporter wrote
 *   its closing counts.
 */
export function readTap(text) {
  const lines = text.split('\n');
  const tops = [];
  /** The counts and failures of the top-level suite being read, until its own result. */
  let pending = { counts: zero(), failures: [] };
  /** The names of the suites open at each depth (`# Subtest:` lines), to name a failure in full. */
  const open = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
    if (subtest) {
      const depth = subtest[1].length / 4;
      open.length = depth;
      open[depth] = subtest[2];
      continue;
    }
    const result = RESULT.exec(line);
    if (!result) continue;
    const [, indent, status, name, directive] = result;
    const depth = indent.length / 4;
    // The YAML block that follows a result: its type (a suite or a test), its error, its location.
    const block = [];
    if (lines[index + 1]?.trim() === '---') {
      for (index += 2; index < lines.length && lines[index].trim() !== '...'; index += 1) block.push(lines[index]);
    }
    const field = (key) =>
      block
        .find((entry) => entry.trim().startsWith(`${key}:`))
        ?.trim()
        .slice(key.length + 1)
        .trim();
    const isSuite = field('type') === "'suite'";
    const failureType = field('failureType')?.replace(/'/g, '');
    if (!isSuite) {
      if (directive) pending.counts.skipped += 1;
      else if (status === 'ok') pending.counts.passed += 1;
      else pending.counts.failed += 1;
    }
    // A failure worth naming: a test's own (not one cancelled because its suite failed), or a
    // suite's that is not only its tests' (a hook that threw, a suite over its time).
    const named = status === 'not ok' && (isSuite ? failureType !== 'subtestsFailed' : failureType !== 'cancelledByParent');
    if (named) {
      pending.failures.push({
        name: [...open.slice(0, depth), name].filter(Boolean).join(' › '),
        error: errorOf(block),
        ...(field('location') ? { location: field('location').replace(/^'|'$/g, '') } : {}),
      });
    }
    open.length = depth;
    if (depth === 0) {
      tops.push(pending);
      pending = { counts: zero(), failures: [] };
    }
  }
  return { tops, unfinished: pending.counts, complete: /^# pass \d+$/m.test(text) };
}

/**
 * The top-level results given to their files: `declared` lists each file and how many top-level
 * suites and tests it declared, in the order they ran (run-files.ts). Returns each file's counts
 * and its failures (their `file` set); top-level results past the files listed count under
 * `(not listed)` (a run of files each in its own process).
 */
export function byFile(tops, declared) {
  /** @type {Map<string, { counts: Counts, failures: Failure[] }>} */
  const files = new Map();
  let at = 0;
  const add = (file, top) => {
    const entry = files.get(file) ?? { counts: zero(), failures: [] };
    addCounts(entry.counts, top.counts);
    entry.failures.push(...top.failures.map((failure) => ({ file, ...failure })));
    files.set(file, entry);
  };
  for (const [file, count] of declared) {
    for (const top of tops.slice(at, at + count)) add(file, top);
    at += count;
  }
  for (const top of tops.slice(at)) add('(not listed)', top);
  return files;
}

/** The first lines of a result's `error:` field, a one-line value or a `|-` block. */
function errorOf(block) {
  const at = block.findIndex((entry) => /^\s*error:/.test(entry));
  if (at < 0) return '';
  const first = block[at].replace(/^\s*error:\s*/, '');
  if (first !== '|-' && first !== '|') return first.replace(/^'|'$/g, '');
  const indent = /^(\s*)/.exec(block[at + 1] ?? '')[1].length;
  const text = [];
  for (let index = at + 1; index < block.length && text.length < ERROR_LINES; index += 1) {
    const entry = block[index];
    if (/^(\s*)/.exec(entry)[1].length < indent && entry.trim() !== '') break;
    text.push(entry.slice(indent));
  }
  return text.join('\n');
}

/** The sums of the counts of `files` (from byFile) that `keep` says yes to, and their failures. */
export function sumFiles(files, keep = () => true) {
  const counts = zero();
  const failures = [];
  for (const [file, entry] of files) {
    if (!keep(file)) continue;
    addCounts(counts, entry.counts);
    failures.push(...entry.failures);
  }
  return { counts, failures };
}

/** Lines naming `failures` (as run-tests.mjs records them), for the end of a long log: at most `max`. */
export function failureLines(failures, max = 12) {
  if (failures.length === 0) return [];
  const lines = ['', 'Server tests that failed, or whose pass was stopped and run again:'];
  for (const failure of failures.slice(0, max)) {
    lines.push(`  ${failure.flaky ? 'stopped' : 'failed '} [${failure.database}] ${failure.name}`);
    // The test's own location, unless it is run-files.ts's (which declares every test of a pass
    // on the files' behalf): then its file.
    const location = failure.location?.replace(/^.*\/server\//, '');
    const where = location && !location.startsWith('test/test-support/run-files.ts') ? location : failure.file;
    if (where) lines.push(`           at ${where}`);
    for (const line of failure.error.split('\n').filter(Boolean)) lines.push(`           ${line}`);
  }
  if (failures.length > max) lines.push(`  … and ${failures.length - max} more (test-results/lane-api-*.log)`);
  return lines;
}
