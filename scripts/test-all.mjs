// The README's second command and what CI runs: every check and every test of the portal.
//  1. installs what the tests need from Debian when it is missing (chromium, postgresql, nginx);
//  2. installs the packages; audits them (pnpm audit --prod: no high or critical advisory unless
//     accepted in scripts/audit-accepted.json; skipped when the registry does not answer); refuses
//     an import cycle (scripts/check-cycles.mjs); refuses a migration that drops or renames what
//     the previous commit's code uses (scripts/check-migrations.mjs);
//  3. side by side, in three lanes, since each keeps about one core busy: the API suite on embedded
//     PGlite; the API suite on a real PostgreSQL started here on loopback; the build of the shell
//     and the remotes, then the end-to-end journeys in Debian's Chromium on what was built (two
//     chains of journeys, each in its own Playwright on its own portal). The static checks (ESLint,
//     the types, the Prettier check and the documentation check, scripts/check-doc-links.mjs),
//     then the unit tests (jest, per package), close the lanes, each taken by the first lane free
//     (each lane's output is kept in test-results/lane-*.log and printed when the lane ends);
//  4. prints each step's duration (and when it started, to see what overlapped), then one closing
//     line: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  chownSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { audit } from './audit.mjs';
import { must, pnpm, root, run } from './pnpm.mjs';
import { failureLines } from '../server/scripts/tap-results.mjs';

const results = []; // { suite, passed, failed }
const isRoot = process.getuid?.() === 0;
const resultsDir = join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const startedAt = Date.now();
const timings = []; // { title, lane, start, ms, code }

function step(title) {
  console.log(`\n━━━ ${title} ━━━`);
}

const seconds = (ms) => `${Math.floor(ms / 60000)} min ${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')} s`;

/** Runs `body` as a step named `title`: prints its header, then its duration; remembers both for the table. */
async function timed(title, body, { lane = 'main', log = console.log } = {}) {
  log(`\n━━━ ${title} ━━━`);
  const start = Date.now();
  let code = 0;
  try {
    const result = await body();
    if (typeof result === 'number') code = result;
    return result;
  } catch (error) {
    code = 1;
    throw error;
  } finally {
    const ms = Date.now() - start;
    timings.push({ title, lane, start: start - startedAt, ms, code });
    log(`⏱ ${title}: ${seconds(ms)}`);
  }
}

/**
 * A lane of steps run beside the main output: its commands write to test-results/lane-<name>.log,
 * printed whole when the lane ends, so the two lanes' outputs do not interleave.
 */
function lane(name) {
  const file = join(resultsDir, `lane-${name}.log`);
  const fd = openSync(file, 'w');
  const log = (line) => writeFileSync(fd, `${line}\n`);
  return {
    options: { stdio: ['ignore', fd, fd] },
    print: (text) => writeFileSync(fd, text),
    step: (title, body) => timed(title, body, { lane: name, log }),
    done() {
      closeSync(fd);
      console.log(`\n━━━━━━━━ lane ${name} (test-results/lane-${name}.log) ━━━━━━━━`);
      process.stdout.write(readFileSync(file, 'utf8'));
    },
  };
}

function aptInstall(packages) {
  if (!isRoot) {
    console.error(`Missing ${packages.join(', ')}: install with 'sudo apt-get install -y ${packages.join(' ')}'`);
    return false;
  }
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  if (update.status !== 0) return false;
  // Packages install without starting their services (Debian's nginx would listen on every
  // address's port 80): the tests start their own servers on 127.0.0.1.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    return (
      spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0
    );
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

/** A throwaway PostgreSQL on 127.0.0.1 in a temporary folder; returns its URL and a stop function. */
async function startPostgres() {
  let bin = postgresBin();
  if (!bin && aptInstall(['postgresql'])) bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed and could not be installed (Debian package postgresql)');
  const folder = mkdtempSync(join(tmpdir(), 'hub-pg-'));
  const port = await freePort();
  const asPostgres = (command, args) =>
    isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : spawnSync(command, args, { stdio: 'pipe' });
  if (isRoot) chownSync(folder, Number(spawnSync('id', ['-u', 'postgres']).stdout), Number(spawnSync('id', ['-g', 'postgres']).stdout));
  const data = join(folder, 'data');
  let result = asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr}`);
  result = asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    join(folder, 'log'),
    '-o',
    `-p ${port} -h 127.0.0.1 -k ${folder} -c fsync=off`,
    'start',
  ]);
  if (result.status !== 0) throw new Error(`PostgreSQL did not start: ${result.stderr}${readFileSync(join(folder, 'log'), 'utf8')}`);
  console.log(`PostgreSQL ${bin.split('/').at(-2)} started on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

// A run that exits non-zero with every test passed (an error after a file finished, say) still
// counts as one failure: the step's log says what it was.
function readJest(file, suite, code) {
  if (!existsSync(file)) return results.push({ suite, passed: 0, failed: 1 });
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  results.push({ suite, passed: report.numPassedTests, failed: code !== 0 && failed === 0 ? 1 : failed });
}

// ── 1. What the tests need from Debian
await timed('Test prerequisites', async () => {
  if (!existsSync('/usr/bin/chromium') && !aptInstall(['chromium'])) {
    console.error('Debian chromium is required for the end-to-end tests');
    process.exit(1);
  }
  // nginx in front of two server processes (server/test/deploy/nginx.test.ts, which skips without it).
  if (!existsSync('/usr/sbin/nginx') && !aptInstall(['nginx'])) {
    console.error('Debian nginx is missing: the deployment test behind nginx is skipped');
  }
});
let postgres = null;
if (!process.env.DATABASE_URL) postgres = await timed('Start PostgreSQL', startPostgres);
const databaseUrl = process.env.DATABASE_URL ?? postgres.url;
process.on('exit', () => postgres?.stop());

// ── 2. Packages and import walls
await timed('Install', () => must(pnpm(['install', '--frozen-lockfile']), 'Installing the packages'));
await timed('Known vulnerabilities (pnpm audit --prod --audit-level=high; skipped when the registry does not answer)', () => {
  const verdict = audit();
  if (verdict !== 'unavailable') results.push({ suite: 'audit', passed: verdict === 'clean' ? 1 : 0, failed: verdict === 'clean' ? 0 : 1 });
});
await timed('Import cycles (every package, type imports included)', () =>
  must(run('node', ['scripts/check-cycles.mjs']), 'The import cycle check'),
);
// Expand, then contract: no new migration takes away what the previous commit's code uses (its own tests first).
await timed('Migrations (none drops or renames what the running release uses)', async () => {
  await must(run('node', ['--test', 'scripts/check-migrations.test.mjs']), 'The migration check’s own tests');
  return must(
    run('node', ['scripts/check-migrations.mjs', ...(process.env.HUB_MIGRATIONS_BASE ? ['--base', process.env.HUB_MIGRATIONS_BASE] : [])]),
    'The migration check',
  );
});
/** A static check: it needs no build and no database. A failed check is counted and the run goes on. */
async function check(where, title, suite, body) {
  return where.step(title, async () => {
    const code = await body();
    results.push({ suite, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
    return code;
  });
}
/**
 * The static checks and the unit tests close the run: each lane, once its own work is done, takes
 * the next of them that no lane has taken yet, so that they go to whichever lanes end first (the
 * journeys' length varies most from run to run). The static checks come first: the unit tests
 * (jsdom, waits that poll) beside the journeys' browser made both several times slower and the
 * run longer (docs/journal/2026-11-26-server-test-setup.md); ESLint and tsc
 * beside the journeys do not. Then the unit tests, the longest first.
 */
const closingChecks = [
  (where) =>
    check(where, 'Lint (ESLint on every package: the import walls, hooks, types)', 'lint', () => pnpm(['run', 'lint'], where.options)),
  (where) => check(where, 'Types', 'types', () => run('node', ['scripts/typecheck.mjs'], where.options)),
  (where) => check(where, 'Formatting (Prettier; `npm run format` fixes it)', 'format', () => pnpm(['run', 'format:check'], where.options)),
  (where) => check(where, 'Dead code (Knip: unused files, exports and dependencies)', 'knip', () => pnpm(['run', 'knip'], where.options)),
  // The documentation check's own tests first (on small repositories they make), then the check on this one.
  (where) =>
    check(where, 'Documentation (links that resolve, no outside citations)', 'docs', async () => {
      const own = await run('node', ['--test', 'scripts/check-doc-links.test.mjs'], where.options);
      return own || run('node', ['scripts/check-doc-links.mjs'], where.options);
    }),
];
/** Lines naming the journeys of a Playwright JSON report that failed or were flaky, with each attempt's first error line. */
const journeyTroubles = [];
// Playwright colours its messages; the colour codes are cut before they are printed again.
// eslint-disable-next-line no-control-regex -- the escape character is what the pattern matches
const COLOUR_CODES = /\u001b\[[0-9;]*m/g;
/** The lines of a journey's failure worth repeating in the summary: the values compared, the locator, the wait. */
const FAILURE_DETAIL = /^(Expected|Received|Locator|Timeout|Error|- waiting for|Call log)/;

function troublesOf(report, chain) {
  const lines = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        lines.push(`${t.status === 'flaky' ? 'flaky ' : 'FAILED'} [${chain}/${t.projectName}] ${spec.file}:${spec.line} ${spec.title}`);
        for (const r of t.results ?? []) {
          // The failing line, and what was expected and received there: a CI page may show nothing else.
          const [first, ...rest] = (r.error?.message ?? r.status).replace(COLOUR_CODES, '').split('\n');
          const at = r.error?.location ? ` (at ${basename(r.error.location.file)}:${r.error.location.line})` : '';
          lines.push(`         ${r.status} after ${Math.round(r.duration / 1000)} s${at}: ${first}`);
          const details = rest.map((line) => line.trim()).filter((line) => FAILURE_DETAIL.test(line));
          for (const line of details.slice(0, 6)) lines.push(`           ${line.slice(0, 240)}`);
        }
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  // No journey is skipped on purpose: those skipped are the ones a stopped chain never ran
  // (maxFailures, globalTimeout in e2e/playwright.config.ts).
  const notRun = report.stats?.skipped ?? 0;
  if (notRun > 0) lines.push(`${notRun} journeys of the ${chain} chain did not run: the chain stopped early`);
  return lines;
}

/** The unit tests (jest) of `pkg`, counted from the JSON jest writes. */
const unitTests = (pkg) => (where) =>
  where.step(`Unit tests: ${pkg}`, async () => {
    const out = join(resultsDir, `jest-${pkg}.json`);
    const code = await run(join(root, pkg, 'node_modules/.bin/jest'), ['--ci', '--json', `--outputFile=${out}`], {
      cwd: join(root, pkg),
      ...where.options,
    });
    readJest(out, pkg, code);
    return code;
  });
closingChecks.push(
  ...['remote-admin', 'shared', 'shell', 'remote-collectmaster', 'remote-contact', 'remote-dashboards', 'remote-content'].map(unitTests),
);
async function takeClosingChecks(where) {
  for (let next = closingChecks.shift(); next; next = closingChecks.shift()) await next(where);
}

// ── 3. Three lanes side by side. Each keeps about one core busy; two cores share them. The
// journeys are the longest part, so their lane starts with the build and goes straight on to them;
// the two API passes (files marked `// @one-pass` in one of the two only) run beside it; the static
// checks and the unit tests close whichever lanes end first.
const apiLanes = [
  { database: 'pglite', lane: lane('api-pglite') },
  { database: 'postgres', lane: lane('api-postgres') },
];
const browser = lane('browser');
const apiSummaries = [];
let built = 1;
await Promise.all([
  ...apiLanes.map(async ({ database, lane: api }) => {
    try {
      await api.step(`API tests on ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, async () => {
        const out = join(resultsDir, `server-${database}.json`);
        const code = await run('node', ['scripts/run-tests.mjs', `--database=${database}`, `--summary=${out}`], {
          cwd: join(root, 'server'),
          // Both passes of the run, so that the files that need only one (`// @one-pass`) run in one.
          env: { ...process.env, DATABASE_URL: databaseUrl, HUB_TEST_PASSES: 'pglite,postgres' },
          ...api.options,
        });
        apiSummaries.push(existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : { passed: 0, failed: 1 });
        return code;
      });
      await takeClosingChecks(api);
    } finally {
      api.done();
    }
  }),
  (async () => {
    try {
      built = await browser.step('Build the shell and the remotes', () =>
        pnpm(['-r', '--workspace-concurrency=2', '--filter', './shell', '--filter', './remote-*', 'build'], browser.options),
      );
      // The journeys start as soon as the parts are built, beside the API passes: much of their time
      // is the browser and the portal waiting on each other, which leaves room on the cores.
      if (built !== 0) results.push({ suite: 'build', passed: 0, failed: 1 });
      else
        await browser.step('End-to-end journeys (Chromium)', async () => {
          // One Playwright per chain of journeys (e2e/playwright.config.ts, E2E_CHAIN), side by side,
          // each on its own portal; their outputs are kept apart and printed in turn.
          const chains = await Promise.all(
            ['main', 'apart'].map(async (chain) => {
              const out = join(resultsDir, `e2e-${chain}.json`);
              const logFile = join(resultsDir, `e2e-${chain}.log`);
              const fd = openSync(logFile, 'w');
              const code = await run(join(root, 'e2e/node_modules/.bin/playwright'), ['test'], {
                cwd: join(root, 'e2e'),
                env: { ...process.env, E2E_CHAIN: chain, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
                stdio: ['ignore', fd, fd],
              });
              closeSync(fd);
              browser.print(`\n── journeys, ${chain} chain (test-results/e2e-${chain}.log) ──\n${readFileSync(logFile, 'utf8')}`);
              if (!existsSync(out)) return { passed: 0, failed: 1, code };
              const report = JSON.parse(readFileSync(out, 'utf8'));
              const { stats } = report;
              journeyTroubles.push(...troublesOf(report, chain));
              return {
                passed: stats.expected + stats.flaky,
                failed: stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0),
                code,
              };
            }),
          );
          results.push({
            suite: 'e2e',
            passed: chains.reduce((sum, c) => sum + c.passed, 0),
            failed: chains.reduce((sum, c) => sum + c.failed, 0),
          });
          return chains.find((c) => c.code !== 0)?.code ?? 0;
        });
      await takeClosingChecks(browser);
    } finally {
      browser.done();
    }
  })(),
]);
results.push({
  suite: 'server',
  passed: apiSummaries.reduce((sum, s) => sum + s.passed, 0),
  failed: apiSummaries.reduce((sum, s) => sum + s.failed, 0),
});

// ── 4. Durations, then one closing line
step('Durations (start: time after the command began; the lanes api-pglite, api-postgres and browser ran side by side)');
for (const { title, lane: where, start, ms, code } of timings) {
  console.log(
    `${title.padEnd(64).slice(0, 64)} ${where.padEnd(12)} ${seconds(start).padStart(12)} ${seconds(ms).padStart(12)}${code ? '  (failed)' : ''}`,
  );
}
console.log(`${'Whole command'.padEnd(64)} ${''.padEnd(12)} ${''.padStart(12)} ${seconds(Date.now() - startedAt).padStart(12)}`);
step('Summary');
for (const { suite, passed, failed } of results) console.log(`${suite.padEnd(22)} ${passed} passed, ${failed} failed`);
// The journeys that failed or needed their retry, named again here: the logs above them are long,
// and a CI page may keep only the end of the output.
if (journeyTroubles.length > 0) {
  console.log('\nJourneys that failed, or passed only on their retry:');
  for (const line of journeyTroubles) console.log(`  ${line}`);
}
// The server tests' failures likewise, with their file and the first lines of their error.
for (const line of failureLines(apiSummaries.flatMap((summary) => summary.failures ?? []))) console.log(line);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
writeFileSync(join(resultsDir, 'summary.json'), JSON.stringify({ results, passed, failed, timings, ms: Date.now() - startedAt }, null, 2));
console.log(`\nhub: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
