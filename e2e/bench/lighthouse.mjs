// Benchmark (not a test): Lighthouse (default mobile settings, simulated throttling) performance of
// the daily pages: /login signed out; /home, /advices, /news-items, /trainings, /dashboards,
// /collectmaster, a collection and /contact as a customer; a dashboard's page (its blocking time
// only); /admin/news-items, /admin/users, /admin/images and /entity/admin/advices as an
// administrator. Run after a build: `node e2e/bench/lighthouse.mjs` at the root.
//
// The same phone on every machine: Lighthouse multiplies the main thread's work by a CPU slowdown,
// 4 by default, so a faster or quieter machine scored better. A first run, which does not count,
// reads the machine's benchmark index (`lhr.environment.benchmarkIndex`); the slowdown is then the
// index ÷ 625, rounded to a tenth (4× at 2,500, Lighthouse's reference phone). Every page is printed
// with that index, that slowdown and the load average over its runs: compare figures taken in like
// conditions only, and changes in pairs run in turn (A, B, A, B).
//
// Options (environment): LH_RUNS, runs per page (median; 5 by default); LH_SLOWDOWN, a CPU slowdown
// to use instead of the benchmark index's; LH_ORIGIN, a started portal to audit; LH_PAGES (comma-separated labels) audits only those;
// LH_DETAILS=1 prints where the time goes; LH_SAVE_DIR keeps each run's report (JSON) in that folder.
// Lighthouse 12 (13 needs Node 22).
//
// Signed in: Playwright starts Chromium with a remote debugging port in a persistent profile and
// signs in through the real provider; Lighthouse then drives that same browser (same localStorage),
// with its storage reset turned off so the session survives.
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, signIn, startPortal } from './start-portal.mjs';

const RUNS = Number(process.env.LH_RUNS ?? 5);
/** The benchmark index of Lighthouse's reference phone at its default slowdown of 4. */
const INDEX_PER_SLOWDOWN = 625;

/**
 * The CPU slowdown that makes this machine Lighthouse's reference phone: the index ÷ 625, to a tenth
 * (never under 1: a machine slower than the phone is not sped up).
 */
function slowdownFor(benchmarkIndex) {
  return Math.max(1, Math.round((benchmarkIndex / INDEX_PER_SLOWDOWN) * 10) / 10);
}

function freePort() {
  if (process.env.LH_DEBUG_PORT) return Promise.resolve(Number(process.env.LH_DEBUG_PORT));
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function audit(url, port, keepStorage, slowdown) {
  const scores = [];
  const tbts = [];
  const lcps = [];
  const loads = [];
  const indexes = [];
  let metrics = null;
  for (let run = 0; run < RUNS; run += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: keepStorage,
      throttling: { cpuSlowdownMultiplier: slowdown },
    });
    const { categories, audits } = result.lhr;
    loads.push(loadavg()[0]);
    indexes.push(result.lhr.environment.benchmarkIndex);
    if (process.env.LH_SAVE_DIR) {
      const file = join(process.env.LH_SAVE_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}-${run + 1}.json`);
      writeFileSync(file, JSON.stringify(result.lhr));
    }
    if (categories.performance.score === null) {
      // A failed run (Lighthouse's runtimeError) says so instead of counting as a 0.
      console.log(
        `${url}: run ${run + 1} failed: ${result.lhr.runtimeError?.code ?? 'no score'} ${result.lhr.runtimeError?.message ?? ''}`,
      );
      continue;
    }
    scores.push(Math.round(categories.performance.score * 100));
    tbts.push(Math.round(audits['total-blocking-time'].numericValue));
    lcps.push(Math.round(audits['largest-contentful-paint'].numericValue));
    metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
      (id) => `${audits[id].title} ${audits[id].displayValue}`,
    );
    if (process.env.LH_DETAILS && run === RUNS - 1) printDetails(url, audits);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    median: median(scores),
    scores,
    tbt: median(tbts),
    lcp: median(lcps),
    load: loads.length ? `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` : '–',
    index: indexes.length ? Math.round(median(indexes)) : '–',
    metrics: metrics ?? [],
  };
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

const CUSTOMER = 'user@northwind.test';
const ADMINISTRATOR = 'admin@demo.test';
// [label, path or a function that finds it on the page, account, what counts]
const PAGES = [
  ['/login', '/login', null, 'score'],
  ['/home', '/home', CUSTOMER, 'score'],
  ['/advices', '/advices', CUSTOMER, 'score'],
  ['/news-items', '/news-items', CUSTOMER, 'score'],
  ['/trainings', '/trainings', CUSTOMER, 'score'],
  ['/dashboards', '/dashboards', CUSTOMER, 'score'],
  ['a dashboard', (page) => firstLink(page, '/dashboards', '/dashboards/'), CUSTOMER, 'tbt'],
  ['/collectmaster', '/collectmaster', CUSTOMER, 'score'],
  ['a collection', (page) => firstLink(page, '/collectmaster', '/collectmaster/'), CUSTOMER, 'score'],
  ['/contact', '/contact', CUSTOMER, 'score'],
  ['/admin/news-items', '/admin/news-items', ADMINISTRATOR, 'score'],
  ['/admin/users', '/admin/users', ADMINISTRATOR, 'score'],
  ['/admin/images', '/admin/images', ADMINISTRATOR, 'score'],
  ['/entity/admin/advices', '/entity/admin/advices', ADMINISTRATOR, 'score'],
];
const only = process.env.LH_PAGES?.split(',');

/** The first link of the page's main area under `prefix`, once `from` has loaded. */
async function firstLink(page, from, prefix) {
  await page.goto(from);
  const link = page.locator(`main a[href^="${prefix}"]`).first();
  await link.waitFor();
  return link.getAttribute('href');
}

async function signOut(page) {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

// LH_ORIGIN: a portal already started (with its demo data), for a machine too busy to start one within
// the bench's bound; otherwise the bench starts its own and stops it after.
const portal = process.env.LH_ORIGIN ? { origin: process.env.LH_ORIGIN, stop: async () => {} } : await startPortal();
const profile = mkdtempSync(join(tmpdir(), 'hub-lh-'));
const debugPort = await freePort();
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [...chromiumArgs, `--remote-debugging-port=${debugPort}`],
  baseURL: portal.origin,
});
const rows = [];
let calibration;
try {
  const page = context.pages()[0] ?? (await context.newPage());
  // The run that does not count: the machine's benchmark index, hence the slowdown.
  const first = await lighthouse(`${portal.origin}/login`, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  });
  const benchmarkIndex = Math.round(first.lhr.environment.benchmarkIndex);
  const slowdown = process.env.LH_SLOWDOWN ? Number(process.env.LH_SLOWDOWN) : slowdownFor(benchmarkIndex);
  calibration = { benchmarkIndex, slowdown, load: loadavg()[0] };
  console.log(
    `Benchmark index ${benchmarkIndex} (load average ${calibration.load.toFixed(1)}): CPU slowdown ${slowdown}×${process.env.LH_SLOWDOWN ? ' (LH_SLOWDOWN)' : ''}`,
  );
  let account = null;
  for (const [label, where, who, counts] of PAGES) {
    if (only && !only.includes(label)) continue;
    if (who !== account) {
      if (account) {
        await page.goto('/home');
        await signOut(page);
      }
      if (who) {
        await signIn(page, who);
        await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      }
      account = who;
    }
    const path = typeof where === 'string' ? where : await where(page);
    if (!path) throw new Error(`${label}: no page found`);
    rows.push([
      `${label === path ? path : `${label} (${path})`}${who ? '' : ' (signed out)'}`,
      counts,
      await audit(`${portal.origin}${path}`, debugPort, who !== null, slowdown),
    ]);
    const [, , last] = rows.at(-1);
    console.log(
      `${label}: ${last.median ?? '–'} (${last.scores.join(', ')}), TBT ${last.tbt} ms, LCP ${(last.lcp / 1000).toFixed(1)} s; index ${benchmarkIndex}, slowdown ${slowdown}×, load average ${last.load}`,
    );
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await portal.stop();
}

console.log(
  `\nLighthouse ${RUNS} run(s) per page, mobile, performance only (medians); benchmark index ${calibration.benchmarkIndex} (first run, not counted), CPU slowdown ${calibration.slowdown}×; load average over each page's runs:\n`,
);
console.log('| page | performance | runs | TBT (ms) | LCP (s) | index | slowdown | load average | metrics (last run) |');
console.log('|---|---:|---|---:|---:|---:|---:|---|---|');
for (const [name, counts, { median, scores, tbt, lcp, load, index, metrics }] of rows)
  console.log(
    `| ${name} | ${counts === 'tbt' ? '(TBT only)' : median} | ${scores.join(', ')} | ${tbt} | ${(lcp / 1000).toFixed(1)} | ${index} | ${calibration.slowdown}× | ${load} | ${metrics.join('; ')} |`,
  );
console.log('\nGoal: customer pages ≥ 95, TBT ≤ 200 ms, LCP ≤ 2.5 s; console pages ≥ 90; a dashboard: TBT only.');
