import { defineConfig } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8181);
const origin = `http://127.0.0.1:${port}`;
const dataDir = join(tmpdir(), `hub-e2e-${port}`);

/** Flags Debian's Chromium needs on our closed-network machines (see README), kept once for the journeys and the benchmarks. */
export const chromiumArgs = (JSON.parse(readFileSync(new URL('./chromium-args.json', import.meta.url), 'utf8')) as { args: string[] }).args;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e.json' }]],
  // One portal (one demo database) serves the whole run. The customer journeys read the demo data
  // as seeded; the console journeys change it (they publish, move users between companies, change
  // rights), so they run after the others.
  // The byte and chain guards visit every daily page as each demo person, which marks Nina's unread
  // reply read on /contact: they run after the customer journeys that read it as seeded, and before
  // the consoles change the data.
  projects: [
    { name: 'portal', testIgnore: [/admin-.*\.spec\.ts/, /budgets\.spec\.ts/] },
    { name: 'guards', testMatch: /budgets\.spec\.ts/, dependencies: ['portal'] },
    { name: 'consoles', testMatch: /admin-.*\.spec\.ts/, dependencies: ['guards'] },
  ],
  use: {
    baseURL: origin,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    // The started product, as a user gets it: built shell and remotes, embedded PGlite with fresh demo data,
    // the embedded OpenID provider. Requires `pnpm -r build` first (the test command does it).
    command: `rm -rf '${dataDir}' && ../server/node_modules/.bin/tsx ../server/src/main.ts`,
    url: `${origin}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      // No metrics listener: its default port (9464) would collide with another portal on the machine.
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
