// The server's test command: every test/**/*.test.ts with node's own runner, on embedded PGlite,
// then again on a real PostgreSQL when DATABASE_URL is set. Prints node's summary for each
// database; exits non-zero on any failure. `--summary=<file>` also writes {passed, failed,
// failures} (read by the repository's `npm test`, which names the failures again at its end). `--database=pglite` or `--database=postgres` runs one
// pass only (`npm test` runs the two side by side). Extra arguments filter the files by substring.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { byFile, failureLines, readTap, sumFiles } from './tap-results.mjs';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const summaryFile = args.find((arg) => arg.startsWith('--summary='))?.slice('--summary='.length);
const filters = args.filter((arg) => !arg.startsWith('--'));
const only = args.find((arg) => arg.startsWith('--database='))?.slice('--database='.length);
if (only && only !== 'pglite' && only !== 'postgres') {
  console.error(`--database=${only}: pglite or postgres`);
  process.exit(1);
}
if (only === 'postgres' && !process.env.DATABASE_URL) {
  console.error('--database=postgres needs DATABASE_URL');
  process.exit(1);
}

function* walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.name.endsWith('.test.ts')) yield path;
  }
}

const files = [...walk(join(serverDir, 'test'))]
  .map((path) => relative(serverDir, path))
  .filter((path) => filters.length === 0 || filters.some((filter) => path.includes(filter)))
  .sort();

// A file whose outcome does not depend on the database the app runs on (settings, headers, the
// identity provider, pure code, drills that start their own processes and cluster) says so with a
// line `// @one-pass: <why>` and runs in one pass of the run only: the PostgreSQL one when the run
// has one (the two passes run side by side, and the PGlite one is the slower), else the PGlite one.
// `// @one-pass(pglite): <why>` names the PGlite pass instead, to share such files between the
// two passes (the three parts of the route fuzzer). HUB_TEST_PASSES names the run's passes when
// they are started separately (the repository's `npm test` starts one process per database).
const onePassPin = new Map(
  files.flatMap((path) => {
    const marker = /^\/\/ @one-pass(?:\((pglite|postgres)\))?(?=[:\s])/m.exec(readFileSync(join(serverDir, path), 'utf8'));
    return marker ? [[path, marker[1] ?? null]] : [];
  }),
);
if (files.length === 0) {
  console.error('No test files found');
  process.exit(1);
}

/**
 * Runs a command, its output passed on. With `stallMs`, a command that prints nothing for that long
 * is stopped (its whole process group) and the promise gives `'stalled'`.
 */
function run(command, commandArgs, env, { stallMs } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'inherit'], detached: Boolean(stallMs) });
    let heard = Date.now();
    let stalled = false;
    const watch =
      stallMs &&
      setInterval(() => {
        if (Date.now() - heard < stallMs) return;
        stalled = true;
        clearInterval(watch);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, 5_000);
    child.stdout.on('data', (chunk) => {
      heard = Date.now();
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (watch) clearInterval(watch);
      resolve(stalled ? 'stalled' : (code ?? (signal ? 1 : 0)));
    });
  });
}

/** The bound of a file (its process, or its top-level suites in one process), and of a whole pass in one process. */
const FILE_TIMEOUT_MS = 300_000;
const PASS_TIMEOUT_MS = 90 * 60_000;
/**
 * Silence after which a pass is taken as stuck. Every test's end is printed, and a file's suites
 * end at FILE_TIMEOUT_MS: a pass that prints nothing for longer has a thread that no longer comes
 * back to its event loop (the embedded database's rare statement that never returns, on the tests'
 * in-thread PGlite), which no test timeout can end. HUB_TEST_STALL_MS sets another (to try it).
 */
const STALL_MS = Number(process.env.HUB_TEST_STALL_MS) || FILE_TIMEOUT_MS + 60_000;
/**
 * What a pass whose embedded database broke gives (test-support/helper.ts): PGlite dropped an
 * exception of PostgreSQL's main loop (src/db/pglite-open.mjs), after which a statement may spin
 * for ever. The pass stops there at once, having written what was dropped to HUB_TEST_BROKEN_MARK,
 * and is run again from that file as after a stall, where it used to wait out STALL_MS first.
 */
const BROKEN = 'broken';
/** How many times one pass is started again from the file where it stopped. */
const RESTARTS = 3;

const work = mkdtempSync(join(tmpdir(), 'hub-server-tests-'));
const databases = only ? [only] : ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
const passes = process.env.HUB_TEST_PASSES?.split(',') ?? databases;
const onePassDatabase = passes.includes('postgres') ? 'postgres' : 'pglite';
/** The pass a one-pass file runs in: the one it names when the run has it, else the default one. */
const homePass = (path) => {
  const pin = onePassPin.get(path);
  return pin && passes.includes(pin) ? pin : onePassDatabase;
};
const results = [];
/** The failures to name again at the end: {database, file, name, error, location?, flaky?}. */
const failures = [];
const templateDatabases = [];
try {
  for (const database of databases) {
    console.log(
      `\n━━ server tests on ${database === 'pglite' ? 'embedded PGlite' : `PostgreSQL (${process.env.DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`} ━━`,
    );
    const started = Date.now();
    const brokenMark = join(work, `${database}.broken`);
    const env = { ...process.env, HUB_TEST_DB: database, NODE_ENV: 'test', HUB_TEST_BROKEN_MARK: brokenMark };
    if (database === 'pglite') {
      // Creating a PGlite database takes seconds: make one migrated, seeded template for all files.
      const template = join(work, 'pglite-template.tar');
      const code = await run(process.execPath, ['--import', 'tsx', 'test/test-support/make-template.ts', template], env);
      if (code !== 0) {
        results.push({ database, passed: 0, failed: 1, ms: Date.now() - started });
        continue;
      }
      env.HUB_TEST_PGLITE_TEMPLATE = template;
    } else {
      delete env.HUB_TEST_PGLITE_TEMPLATE;
      // Migrating and seeding a database takes a second or more: make one template database on the
      // server for all files, which each copies (CREATE DATABASE … TEMPLATE).
      const template = `hub_test_template_${process.pid}`;
      const code = await run(process.execPath, ['--import', 'tsx', 'test/test-support/make-template.ts', '--postgres', template], env);
      if (code !== 0) {
        results.push({ database, passed: 0, failed: 1, ms: Date.now() - started });
        continue;
      }
      env.HUB_TEST_PG_TEMPLATE = template;
      templateDatabases.push(template);
    }
    const passFiles = files.filter((path) => !onePassPin.has(path) || homePass(path) === database);
    if (passFiles.length === 0) {
      results.push({ database, passed: 0, failed: 0, ms: Date.now() - started });
      continue;
    }
    // The files one after another in one process (test/test-support/run-files.ts: the process, the
    // TypeScript loader and the app's imports paid once, not per file; each file still gets its own
    // database). HUB_TEST_ISOLATE=1 gives each file a process of its own instead, as node's runner does.
    const isolate = process.env.HUB_TEST_ISOLATE === '1';
    const progress = join(work, `${database}.progress`);
    const runPass = async (filesToRun, tap) => {
      const code = await runCommand(filesToRun, tap);
      if (!existsSync(brokenMark)) return code;
      rmSync(brokenMark, { force: true });
      return BROKEN;
    };
    const runCommand = (filesToRun, tap) =>
      run(
        process.execPath,
        [
          '--import',
          'tsx',
          '--test',
          '--test-concurrency=1',
          // A safety net against a hung test, not a speed check: the authorization matrix and the fuzz
          // files take about a minute on an idle 2-core machine and more than twice that under load.
          // Node's runner applies it to each file's process too; with the files in one process, to
          // the whole pass, and run-files.ts gives each file's top-level suites the 5 minutes instead.
          `--test-timeout=${isolate ? FILE_TIMEOUT_MS : PASS_TIMEOUT_MS}`,
          '--test-reporter=spec',
          '--test-reporter-destination=stdout',
          '--test-reporter=tap',
          `--test-reporter-destination=${tap}`,
          ...(isolate ? filesToRun : ['test/test-support/run-files.ts']),
        ],
        isolate
          ? env
          : {
              ...env,
              HUB_TEST_FILES: filesToRun.join('\n'),
              HUB_TEST_FILE_TIMEOUT_MS: String(FILE_TIMEOUT_MS),
              HUB_TEST_PROGRESS: progress,
            },
        { stallMs: isolate ? undefined : STALL_MS },
      );
    /** The pass's results by file (tap-results.mjs), or null when its report is missing. */
    const readReport = (tap) => {
      let text;
      try {
        text = readFileSync(tap, 'utf8');
      } catch {
        return null;
      }
      let declared = [];
      try {
        declared = JSON.parse(readFileSync(progress, 'utf8'));
      } catch {
        // Each file in its own process (HUB_TEST_ISOLATE=1), or none begun: results by top-level only.
      }
      rmSync(progress, { force: true });
      const { tops, unfinished } = readTap(text);
      return { files: byFile(tops, declared), unfinished, last: declared.at(-1)?.[0] };
    };
    const stalledName = (file, code, again) =>
      `${file}: ${code === BROKEN ? 'its embedded database broke (PGlite dropped an exception)' : `printed nothing for ${Math.round(STALL_MS / 1000)} s`}, ${again ? 'again' : 'its process stopped and run again from it'}`;
    /** The file a pass stopped in, when it stalled or its embedded database broke; else null. */
    const stoppedIn = (code, report, otherwise) => (code === 'stalled' || code === BROKEN ? (report?.last ?? otherwise) : null);
    let counts = { passed: 0, failed: 0 };
    let code = await runPass(passFiles, join(work, `${database}.tap`));
    let report = readReport(join(work, `${database}.tap`));
    let stuck = stoppedIn(code, report, passFiles[0]);
    // Stopped while a file ran: that file is named in the summary, the files before it keep their
    // results, and it and the files after it run once more in a new process, so that one stuck
    // statement costs minutes, not the run, and the rest of the pass still has its say. Each stop
    // is the embedded database's rare fault, independent of the one before: a pass is started again
    // up to RESTARTS times, and a file that stops twice in a row fails (that is no longer chance).
    for (let restart = 1; stuck && report && restart <= RESTARTS; restart++) {
      const ended = sumFiles(report.files, (file) => file !== stuck);
      counts = { passed: counts.passed + ended.counts.passed, failed: counts.failed + ended.counts.failed };
      failures.push(...ended.failures.map((failure) => ({ database, ...failure })), {
        database,
        file: stuck,
        name: stalledName(stuck, code, false),
        error: '',
        flaky: true,
      });
      console.log(`\n━━ ${stalledName(stuck, code, false)} ━━`);
      const from = stuck;
      const tap = join(work, `${database}-again-${restart}.tap`);
      code = await runPass(passFiles.slice(passFiles.indexOf(from)), tap);
      report = readReport(tap);
      stuck = stoppedIn(code, report, from);
      if (stuck === from) break;
    }
    if (report) {
      const all = sumFiles(report.files);
      counts = { passed: counts.passed + all.counts.passed, failed: counts.failed + all.counts.failed + report.unfinished.failed };
      failures.push(...all.failures.map((failure) => ({ database, ...failure })));
    }
    if (stuck) failures.push({ database, file: stuck, name: stalledName(stuck, code, true), error: '' });
    let { passed, failed } = counts;
    if (!report) failed = 1;
    if (code !== 0 && failed === 0) failed = 1;
    results.push({ database, passed, failed, ms: Date.now() - started });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  for (const template of templateDatabases) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
  }
}

console.log('\n━━ server tests ━━');
for (const { database, passed, failed, ms } of results) {
  console.log(`${database.padEnd(9)} ${passed} passed, ${failed} failed (${(ms / 1000).toFixed(1)} s)`);
}
for (const line of failureLines(failures)) console.log(line);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ passed, failed, results, failures }, null, 2));
process.exit(failed > 0 || passed === 0 ? 1 : 0);
