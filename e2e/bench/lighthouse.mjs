// Benchmark (not a test): Lighthouse (default mobile settings, simulated throttling) performance of
// /login signed out and /home signed in, with Debian's Chromium. Run after a build:
// `node e2e/bench/lighthouse.mjs` at the root. Lighthouse 12 (13 needs Node 22).
//
// Signed in: Playwright starts Chromium with a remote debugging port in a persistent profile and
// signs in through the real provider; Lighthouse then drives that same browser (same localStorage),
// with its storage reset turned off so the session survives.
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal } from './start-portal.mjs';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Number(process.env.LH_RUNS ?? 3);

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function audit(url, port, keepStorage) {
  const scores = [];
  let metrics = null;
  for (let run = 0; run < RUNS; run += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: keepStorage,
    });
    const { categories, audits } = result.lhr;
    if (categories.performance.score === null) {
      // A failed run (Lighthouse's runtimeError) says so instead of counting as a 0.
      console.log(
        `${url}: run ${run + 1} failed: ${result.lhr.runtimeError?.code ?? 'no score'} ${result.lhr.runtimeError?.message ?? ''}`,
      );
      continue;
    }
    scores.push(Math.round(categories.performance.score * 100));
    metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
      (id) => `${audits[id].title} ${audits[id].displayValue}`,
    );
    if (process.env.LH_DETAILS && run === RUNS - 1) printDetails(url, audits);
  }
  scores.sort((a, b) => a - b);
  return { median: scores[Math.floor(scores.length / 2)], scores, metrics };
}

/** LH_DETAILS=1: where the time goes on the last run (LCP element and phases, script and main-thread costs). */
function printDetails(url, audits) {
  const items = (id) => audits[id]?.details?.items ?? [];
  console.log(`\n## ${url}`);
  const lcp = items('largest-contentful-paint-element');
  for (const table of lcp) for (const item of table.items ?? [table]) console.log('LCP', JSON.stringify(item).slice(0, 300));
  for (const item of items('bootup-time').slice(0, 8))
    console.log(
      `script ${item.url}: total ${Math.round(item.total)} ms, scripting ${Math.round(item.scripting)} ms, parse ${Math.round(item.scriptParseCompile)} ms`,
    );
  for (const item of items('mainthread-work-breakdown')) console.log(`main thread ${item.groupLabel}: ${Math.round(item.duration)} ms`);
  for (const item of items('long-tasks').slice(0, 8))
    console.log(`long task ${item.url} at ${Math.round(item.startTime)} ms: ${Math.round(item.duration)} ms`);
  for (const item of items('network-requests'))
    console.log(
      `request ${item.url.slice(0, 90)} ${item.transferSize} B ${Math.round(item.networkRequestTime ?? item.startTime)}→${Math.round(item.networkEndTime ?? item.endTime)} ms`,
    );
}

const portal = await startPortal();
const profile = mkdtempSync(join(tmpdir(), 'hub-lh-'));
const debugPort = await freePort();
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [...ARGS, `--remote-debugging-port=${debugPort}`],
  baseURL: portal.origin,
});
const rows = [];
try {
  rows.push(['/login (signed out)', await audit(`${portal.origin}/login`, debugPort, false)]);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Default connection' }).click();
  await page.getByLabel('Email').fill('user@northwind.test');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  rows.push(['/home (user@northwind.test)', await audit(`${portal.origin}/home`, debugPort, true)]);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await portal.stop();
}

console.log(`\nLighthouse ${RUNS} run(s) per page, mobile, performance only (median):\n`);
console.log('| page | performance | runs | metrics (last run) |');
console.log('|---|---:|---|---|');
for (const [name, { median, scores, metrics }] of rows)
  console.log(`| ${name} | ${median} | ${scores.join(', ')} | ${metrics.join('; ')} |`);
console.log('\nTarget: ≥ 95');
