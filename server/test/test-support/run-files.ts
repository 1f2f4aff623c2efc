// The server test files of one pass, one after another in this one process (scripts/run-tests.mjs
// starts it under node's test runner, with the files in HUB_TEST_FILES, one per line).
//
// Node's runner gives each file a process of its own. Here that cost about four seconds of CPU per
// file (node, the TypeScript loader, importing the app and its packages: fastify, the OpenID
// provider, PGlite, TypeBox…), paid twice per file (once per database) on two cores: minutes of
// the suite. Running the files in one process pays it once, and keeps what a process per file
// gave:
// - one file at a time: a file is imported only once the suites of the one before have ended;
// - a database and a DATA_DIR of its own per file, closed after its last test (closeTestFile());
// - the same report: the files' suites are the run's top-level suites, as before.
//
// How a file's end is known: a top-level describe() or test() returns a promise settled once it has
// run (node:test's own behaviour). This module wraps them, before anything imports node:test (its
// ES module view takes the functions as they are then: node's syncBuiltinESMExports() does not
// reach it), and collects those promises per file.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const nodeTest = createRequire(import.meta.url)('node:test') as Record<string, (...args: unknown[]) => unknown>;

/** A file's bound (HUB_TEST_FILE_TIMEOUT_MS, set by run-tests.mjs): a safety net against a hung test. */
const FILE_TIMEOUT_MS = Number(process.env.HUB_TEST_FILE_TIMEOUT_MS ?? 300_000);

/** How deep inside describe() callbacks the current call is: 0 at a file's top level. */
let depth = 0;
/** The promises of the current file's top-level suites and tests. */
let started: unknown[] = [];

for (const name of ['describe', 'suite', 'it', 'test']) {
  const original = nodeTest[name]!;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    const topLevel = depth === 0;
    // The runner's --test-timeout bounds this whole process here (one "file" to node's runner): a
    // file's top-level suite gets the per-file bound it had with a process of its own.
    if (topLevel) {
      const options = args.find((arg) => typeof arg === 'object' && arg !== null) as { timeout?: number } | undefined;
      if (options) options.timeout ??= FILE_TIMEOUT_MS;
      else args.splice(typeof args[0] === 'string' ? 1 : 0, 0, { timeout: FILE_TIMEOUT_MS });
    }
    if (name === 'describe' || name === 'suite') {
      const at = args.findIndex((arg) => typeof arg === 'function');
      if (at >= 0) {
        const build = args[at] as (...inner: unknown[]) => unknown;
        args[at] = function (this: unknown, ...inner: unknown[]) {
          depth += 1;
          try {
            return build.apply(this, inner);
          } finally {
            depth -= 1;
          }
        };
      }
    }
    const result = original.apply(this, args);
    if (topLevel) started.push(result);
    return result;
  };
  // describe.skip, test.only… stay reachable on the wrapped functions.
  Object.assign(wrapped, original);
  nodeTest[name] = wrapped;
}

// Only now what imports node:test (the helper, then each file).
const { closeTestFile } = await import('./helper');
const { closeLeftoverIdps } = await import('./test-idp');
const files = (process.env.HUB_TEST_FILES ?? '').split('\n').filter(Boolean);
/**
 * Each file begun and how many top-level suites and tests it declared, written to HUB_TEST_PROGRESS
 * as they begin (run-tests.mjs: its report's top-level results are the files' in this order, and a
 * pass stopped while the last file ran starts again from it).
 */
const progress = {
  entries: [] as [string, number][],
  begin(file: string) {
    this.entries.push([file, 0]);
    this.write();
  },
  declared(count: number) {
    this.entries.at(-1)![1] = count;
    this.write();
  },
  write() {
    if (process.env.HUB_TEST_PROGRESS) writeFileSync(process.env.HUB_TEST_PROGRESS, JSON.stringify(this.entries));
  },
};
for (const file of files) {
  started = [];
  // Named before it is imported: its tests may start running before the import has returned.
  progress.begin(file);
  await import(pathToFileURL(resolve(file)).href);
  if (started.length === 0) throw new Error(`${file}: no top-level describe() or test() seen`);
  progress.declared(started.length);
  await Promise.allSettled(started);
  await closeTestFile();
  const left = await closeLeftoverIdps();
  if (left > 0) console.warn(`${file}: ${left} test OpenID provider(s) left open after its last test; closed now`);
}

// Every file has ended. Should something a test opened still keep this process alive (a server, a
// child process), the pass would wait for the runner's timeout, 90 minutes, its results long known:
// end it once the report has been written, and say what was left open. (Node's --test-force-exit
// would end it at once, but before the TAP reporter has written its file.)
setTimeout(() => {
  const left = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles().map((handle) => handle.constructor.name);
  console.warn(`Still open after the last test file, ending the pass: ${left.join(', ')}`);
  process.exit();
}, 10_000).unref();
