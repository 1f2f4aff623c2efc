import { defineConfig } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Two portals, each with its own fresh demo database, serve two chains of journeys side by side
// (E2E_PORT + 1 belongs to the released-remote journeys' own portal).
const port = Number(process.env.E2E_PORT ?? 8181);
const apartPort = port + 2;
const originOf = (at: number) => `http://127.0.0.1:${at}`;

/**
 * The other chain's journeys, on a portal of their own, in three steps: customer journeys that
 * change nothing another one reads, or change it only for themselves; the header at each width, the
 * user area and many tabs of one browser; then consoles that need nothing of the main chain's data.
 * Split so that the two chains take about as long.
 */
const APART = [/xss\.spec\.ts/, /collectmaster(-download)?\.spec\.ts/, /remote-release\.spec\.ts/];
const APART_SECOND = [/layout\.spec\.ts/, /user-area\.spec\.ts/, /many-tabs\.spec\.ts/];
const CONSOLES_APART = [/admin-people\.spec\.ts/, /admin-search\.spec\.ts/, /admin-notifications\.spec\.ts/];

/** The started product, as a user gets it (see webServer below), on `at`. */
function portal(at: number) {
  const dataDir = join(tmpdir(), `hub-e2e-${at}`);
  return {
    // Built shell and remotes, embedded PGlite with fresh demo data, the embedded OpenID provider.
    // Requires `pnpm -r build` first (the test command does it).
    command: `rm -rf '${dataDir}' && ../server/node_modules/.bin/tsx ../server/src/main.ts`,
    url: `${originOf(at)}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'development',
      PORT: String(at),
      // No metrics listener: its default port (9464) would collide with another portal on the machine.
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: originOf(at),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // A statement of the embedded database that never returns (server/src/db/pglite-isolated.ts)
      // is cut after 10 s here, not the default 30: within a journey's 20 s wait, so that the
      // search's retry after the 503 still shows its hits. Demo data: no statement takes 1 s.
      PGLITE_STUCK_SECONDS: '10',
    },
  };
}

/**
 * The chain this run takes: `main` (the projects portal, guards, consoles and their portal) or
 * `apart` (the apart… projects and theirs); both when unset. The test command starts one Playwright
 * per chain, side by side: within one Playwright, a project whose dependencies are done still waits
 * for every project of the step before (the two chains ran in lock step, each waiting for the
 * slower one at every step: docs/journal/2026-11-27-test-command-less-work.md).
 */
const chain = process.env.E2E_CHAIN ?? '';
const MAIN_CHAIN = [
  {
    name: 'portal',
    testIgnore: [/admin-.*\.spec\.ts/, /budgets\.spec\.ts/, /start-work\.spec\.ts/, ...APART, ...APART_SECOND],
    workers: 1,
  },
  { name: 'guards', testMatch: [/budgets\.spec\.ts/, /start-work\.spec\.ts/], dependencies: ['portal'], workers: 1 },
  { name: 'consoles', testMatch: /admin-.*\.spec\.ts/, testIgnore: CONSOLES_APART, dependencies: ['guards'], workers: 1 },
];
const APART_CHAIN = [
  { name: 'apart', testMatch: APART, use: { baseURL: originOf(apartPort) }, workers: 1 },
  { name: 'apart-second', testMatch: APART_SECOND, use: { baseURL: originOf(apartPort) }, dependencies: ['apart'], workers: 1 },
  { name: 'apart-consoles', testMatch: CONSOLES_APART, use: { baseURL: originOf(apartPort) }, dependencies: ['apart-second'], workers: 1 },
];
if (chain && chain !== 'main' && chain !== 'apart') throw new Error(`E2E_CHAIN=${chain}: main or apart`);
const servers = chain === 'main' ? [portal(port)] : chain === 'apart' ? [portal(apartPort)] : [portal(port), portal(apartPort)];

/** Flags Debian's Chromium needs on our closed-network machines (see README), kept once for the journeys and the benchmarks. */
export const chromiumArgs = (JSON.parse(readFileSync(new URL('./chromium-args.json', import.meta.url), 'utf8')) as { args: string[] }).args;

export default defineConfig({
  testDir: './tests',
  // A folder per chain: each Playwright empties its own when it starts.
  outputDir: chain ? `test-results/${chain}` : 'test-results',
  // Two chains of journeys share two cores with the API suites in `npm test`, where a journey takes
  // several times as long as on a quiet machine, and longer still on a slower CI machine: generous
  // bounds, which only a journey that fails anyway reaches.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // One worker per chain: the journeys of a chain run one after another, in the order below.
  workers: chain ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  // A chain whose portal stops answering would otherwise wait out every remaining journey's
  // bound, and its retry's: hours for a chain of forty journeys. These bounds are well past what a
  // chain takes in `npm test` (docs/performance.md, "The test command"); past them it stops and
  // says which journeys did not run.
  maxFailures: process.env.CI ? 6 : 0,
  globalTimeout: process.env.CI ? 40 * 60_000 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e.json' }]],
  // The main chain: one portal (one demo database) for all its journeys. The customer journeys read
  // the demo data as seeded; the console journeys change it (they publish, move users between
  // companies, change rights), so they run after the others.
  // The byte and chain guards visit every daily page as each demo person, which marks Nina's unread
  // reply read on /contact: they run after the customer journeys that read it as seeded, and before
  // the consoles change the data.
  // The other chain (`apart…`) runs on its own portal beside the main one.
  projects: chain === 'main' ? MAIN_CHAIN : chain === 'apart' ? APART_CHAIN : [...MAIN_CHAIN, ...APART_CHAIN],
  use: {
    baseURL: originOf(port),
    headless: true,
    // Traces cost the journeys' CPU, the largest single cost of `npm test` on two cores, and most of
    // it is the screencast, for which Chromium encodes a frame on every paint
    // (docs/decisions/0007-traces-without-screencast.md). So where journeys are retried (CI), only a
    // retry records one, in full; elsewhere every failed attempt keeps its trace (each action's DOM
    // snapshot, the network, the console) without the screencast.
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: servers,
});
