// The README's second command and what CI runs: every check and every test of the portal.
//  1. installs what the tests need from Debian when it is missing (chromium, postgresql, nginx);
//  2. installs the packages; audits them (pnpm audit --prod: no high or critical advisory unless
//     accepted in scripts/audit-accepted.json; skipped when the registry does not answer); runs
//     ESLint and the Prettier check; checks the types;
//  3. runs the unit tests (jest) of shared, shell and the remotes;
//  4. runs the API suite twice: on embedded PGlite and on a real PostgreSQL started here on loopback;
//  5. builds the shell and the remotes and runs the end-to-end journeys in Debian's Chromium;
//  6. prints one closing line: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audit } from './audit.mjs';
import { must, pnpm, root, run } from './pnpm.mjs';

const results = []; // { suite, passed, failed }
const isRoot = process.getuid?.() === 0;
const resultsDir = join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function step(title) {
  console.log(`\n━━━ ${title} ━━━`);
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

function readJest(file, suite) {
  if (!existsSync(file)) return results.push({ suite, passed: 0, failed: 1 });
  const report = JSON.parse(readFileSync(file, 'utf8'));
  results.push({ suite, passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites });
}

// ── 1. What the tests need from Debian
step('Test prerequisites');
if (!existsSync('/usr/bin/chromium') && !aptInstall(['chromium'])) {
  console.error('Debian chromium is required for the end-to-end tests');
  process.exit(1);
}
// nginx in front of two server processes (server/test/deploy/nginx.test.ts, which skips without it).
if (!existsSync('/usr/sbin/nginx') && !aptInstall(['nginx'])) {
  console.error('Debian nginx is missing: the deployment test behind nginx is skipped');
}
let postgres = null;
if (!process.env.DATABASE_URL) postgres = await startPostgres();
const databaseUrl = process.env.DATABASE_URL ?? postgres.url;
process.on('exit', () => postgres?.stop());

// ── 2. Packages, import walls, types
step('Install');
await must(pnpm(['install', '--frozen-lockfile']), 'Installing the packages');
step('Known vulnerabilities (pnpm audit --prod --audit-level=high; skipped when the registry does not answer)');
{
  const verdict = audit();
  if (verdict !== 'unavailable') results.push({ suite: 'audit', passed: verdict === 'clean' ? 1 : 0, failed: verdict === 'clean' ? 0 : 1 });
}
step('Lint (ESLint on every package: the import walls, hooks, cycles, types) and formatting (Prettier)');
await must(pnpm(['run', 'lint']), 'ESLint');
await must(pnpm(['run', 'format:check']), 'The Prettier check (run `npm run format` to fix)');
await must(run('node', ['scripts/check-doc-links.mjs']), 'The documentation check (links that resolve, no outside citations)');
step('Types');
await must(pnpm(['-r', '--workspace-concurrency=2', 'typecheck']), 'Type checking');

// ── 3. Unit tests
for (const pkg of ['shared', 'shell', 'remote-content', 'remote-dashboards', 'remote-contact', 'remote-collectmaster', 'remote-admin']) {
  step(`Unit tests: ${pkg}`);
  const out = join(resultsDir, `jest-${pkg}.json`);
  await run(join(root, pkg, 'node_modules/.bin/jest'), ['--ci', '--json', `--outputFile=${out}`], { cwd: join(root, pkg) });
  readJest(out, pkg);
}

// ── 4. API suite on PGlite and on PostgreSQL
step('API tests (PGlite, then PostgreSQL)');
{
  const out = join(resultsDir, 'server.json');
  await run('node', ['scripts/run-tests.mjs', `--summary=${out}`], {
    cwd: join(root, 'server'),
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  if (existsSync(out)) {
    const summary = JSON.parse(readFileSync(out, 'utf8'));
    results.push({ suite: 'server', passed: summary.passed, failed: summary.failed });
  } else results.push({ suite: 'server', passed: 0, failed: 1 });
}

// ── 5. Build and end to end
step('Build the shell and the remotes');
const built = await pnpm(['-r', '--workspace-concurrency=2', '--filter', './shell', '--filter', './remote-*', 'build']);
if (built !== 0) results.push({ suite: 'build', passed: 0, failed: 1 });
else {
  step('End-to-end journeys (Chromium)');
  const out = join(resultsDir, 'e2e.json');
  await run(join(root, 'e2e/node_modules/.bin/playwright'), ['test'], {
    cwd: join(root, 'e2e'),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (existsSync(out)) {
    const { stats } = JSON.parse(readFileSync(out, 'utf8'));
    results.push({ suite: 'e2e', passed: stats.expected + stats.flaky, failed: stats.unexpected });
  } else results.push({ suite: 'e2e', passed: 0, failed: 1 });
}

// ── 6. One closing line
step('Summary');
for (const { suite, passed, failed } of results) console.log(`${suite.padEnd(22)} ${passed} passed, ${failed} failed`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
writeFileSync(join(resultsDir, 'summary.json'), JSON.stringify({ results, passed, failed }, null, 2));
console.log(`\nhub: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
