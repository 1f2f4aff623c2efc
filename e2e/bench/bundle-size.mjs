// Benchmark (not a test): the gzip size of the JavaScript a browser loads per route and role,
// and which remotes each role requests. Run after a build: `pnpm bench:size` at the root.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, signIn, startPortal } from './start-portal.mjs';

/** The budgets, read from their one place. */
const budgets = JSON.parse(readFileSync(new URL('../budgets.json', import.meta.url), 'utf8')).classes;

const ROLES = [
  ['administrator', 'admin@demo.test'],
  ['contributor (consultant)', 'consultant@demo.test'],
  ['publisher', 'publisher@demo.test'],
  ['contributor (entity admin)', 'contributor@northwind.test'],
  ['user', 'user@northwind.test'],
];
const ROUTES = (process.env.BENCH_ROUTES ?? '/home,/advices,/dashboards').split(',');
// The console pages, each for a role that uses it: lists, and details pages (which add the editor).
// `…/details/:first` is the details page of the list's first item (a real item, read from the
// list's first link), not `…/details` alone, which is the page that creates one.
const CONSOLES = [
  [
    'administrator',
    'admin@demo.test',
    ['/admin/news-items', '/admin/news-items/details/:first', '/admin/categories', '/admin/images', '/admin/trainings'],
  ],
  [
    'contributor (entity admin)',
    'contributor@northwind.test',
    ['/entity/admin/advices', '/entity/admin/advices/details/:first', '/entity/admin/dashboard', '/entity/admin/dashboard/details/:first'],
  ],
];

/** A route as measured: `…/details/:first` becomes the details page of the first item its list links to. */
async function resolveRoute(page, route) {
  if (!route.endsWith('/details/:first')) return route;
  const list = route.slice(0, -'/details/:first'.length);
  await page.goto(list, { waitUntil: 'networkidle' });
  const href = await page.locator(`a[href^="${list}/details/"]`).first().getAttribute('href', { timeout: 30_000 });
  if (!href || !/\/details\/\d+$/.test(href)) throw new Error(`${list}: no item to open`);
  return href;
}
const adminShare = (files) => files.filter((file) => file.path.startsWith('/remotes/admin/')).reduce((sum, file) => sum + file.gzip, 0);

const kB = (bytes) => (bytes / 1000).toFixed(1);

/**
 * A console page is measured once its remote has drawn it: the network goes quiet for a moment
 * while the shell starts (long on a busy machine), before the remote is asked for, so a quiet
 * network alone would measure the shell only. A details page waits for its editor as well.
 */
async function settled(page, path) {
  if (!path.startsWith('/admin') && !path.startsWith('/entity/admin')) return;
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  if (/\/details\/\d+$/.test(path)) await page.locator('.ql-editor').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/** Loads a page and returns the JavaScript it fetched: gzip bytes and the remotes touched. */
async function measure(page, path) {
  const scripts = [];
  const remotes = new Set();
  const onResponse = async (response) => {
    const url = new URL(response.url());
    const match = url.pathname.match(/^\/remotes\/([^/]+)\//);
    if (match) remotes.add(match[1]);
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript') || response.status() !== 200) return;
    scripts.push(
      Promise.all([response.body(), response.request().sizes()])
        .then(([body, sizes]) => ({ path: url.pathname, gzip: gzipSync(body).length, wire: sizes.responseBodySize }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'networkidle' });
  await settled(page, path);
  page.off('response', onResponse);
  const files = (await Promise.all(scripts)).filter(Boolean);
  return {
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
    wire: files.reduce((sum, file) => sum + file.wire, 0),
    files,
    remotes: [...remotes].sort(),
  };
}

const portal = await startPortal();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
const rows = [];
const consoleRows = [];
try {
  {
    const context = await browser.newContext({ baseURL: portal.origin });
    const page = await context.newPage();
    const login = await measure(page, '/login');
    rows.push({ role: 'signed out', route: '/login', ...login });
    await context.close();
  }
  for (const [role, email] of ROLES) {
    const context = await browser.newContext({ baseURL: portal.origin });
    const page = await context.newPage();
    await signIn(page, email);
    for (const route of ROUTES) {
      // A fresh load with an empty cache, as a returning user opening the portal on that page.
      await context.clearCookies();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      rows.push({ role, route, ...(await measure(page, route)) });
    }
    // Every area the navigation offers this role: which remotes get requested.
    const links = await page
      .getByRole('navigation')
      .first()
      .getByRole('link')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    const touched = new Set();
    for (const href of new Set(links.filter((href) => href?.startsWith('/')))) {
      for (const remote of (await measure(page, href)).remotes) touched.add(remote);
    }
    rows.push({ role, route: 'all areas in its navigation', gzip: null, files: [], remotes: [...touched].sort() });
    await context.close();
  }
  for (const [role, email, routes] of process.env.BENCH_CONSOLES === '0' ? [] : CONSOLES) {
    const context = await browser.newContext({ baseURL: portal.origin });
    const page = await context.newPage();
    await signIn(page, email);
    for (const route of routes) {
      const path = await resolveRoute(page, route);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      consoleRows.push({ role, route: path, ...(await measure(page, path)) });
    }
    await context.close();
  }
} finally {
  await browser.close();
  portal.stop();
}

// "JS gzip" is the budgeted figure (zlib default level over each decoded script); "on the wire" is
// what the server sent, its precompressed brotli copies when the browser accepts them.
console.log('\n| role | route | JS gzip (kB) | on the wire (kB) | files | remotes requested |');
console.log('|---|---|---:|---:|---:|---|');
for (const row of rows) {
  const figures = row.gzip === null ? '– | –' : `${kB(row.gzip)} | ${kB(row.wire)}`;
  console.log(`| ${row.role} | ${row.route} | ${figures} | ${row.files.length || '–'} | ${row.remotes.join(', ') || 'none'} |`);
}
if (consoleRows.length) {
  console.log('\n| console page | role | JS gzip in all (kB) | of which remote-admin (kB) | files |');
  console.log('|---|---|---:|---:|---:|');
  for (const row of consoleRows)
    console.log(`| ${row.route} | ${row.role} | ${kB(row.gzip)} | ${kB(adminShare(row.files))} | ${row.files.length} |`);
  const list = budgets['console list'].javascriptKB;
  const details = budgets['console details'].javascriptKB;
  console.log(`Budgets (e2e/budgets.json): a console list ≤ ${list} kB gzip in all, a details page (the editor) ≤ ${details} kB.`);
  for (const row of consoleRows) {
    const budget = row.route.includes('/details') ? details : list;
    if (row.gzip > budget * 1000) console.log(`OVER BUDGET: ${row.role} ${row.route} ${kB(row.gzip)} kB`);
  }
}
const budget = { '/login': budgets.login.javascriptKB, '/home': budgets.home.javascriptKB };
console.log(`\nBudgets (e2e/budgets.json): /login ≤ ${budget['/login']} kB gzip, /home ≤ ${budget['/home']} kB gzip`);
for (const row of rows) {
  if (budget[row.route] && row.gzip > budget[row.route] * 1000) console.log(`OVER BUDGET: ${row.role} ${row.route} ${kB(row.gzip)} kB`);
}
if (process.env.BENCH_VERBOSE)
  for (const row of [...rows, ...consoleRows])
    for (const file of row.files) console.log(`${row.role} ${row.route} ${file.path} ${kB(file.gzip)} kB (wire ${kB(file.wire)} kB)`);
