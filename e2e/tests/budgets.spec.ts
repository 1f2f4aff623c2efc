import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { openDiscussion, signIn, type DemoAccount } from './test-support/session';

// Guards that do not depend on the machine's speed, against the budgets in e2e/budgets.json (the
// only place budgets live): the JavaScript each route loads (gzip bytes, cache empty) and the depth
// of the request chain before the route's title is on screen. A heavy import in the shell, or a
// remote chunk that stops being split, fails the first; a request that waits for another it did not
// need to (a chunk found only once another has run, data asked for only once the code is in) fails
// the second.

interface Budget {
  javascriptKB: number;
  chainDepth: number;
}
interface RouteBudget {
  path: string;
  account: DemoAccount | null;
  class: string;
}
const budgets = JSON.parse(readFileSync(new URL('../budgets.json', import.meta.url), 'utf8')) as {
  classes: Record<string, Budget>;
  routes: RouteBudget[];
};

/**
 * Every response arrives this long after its request (Chromium's network emulation), so that two
 * requests a page sends together never look like one after the other, however slow the machine.
 */
const LATENCY_MS = 500;

/** The route's own title: the sign-in card's heading, or the first heading of the page's main area. */
const TITLE = 'main h1, .hub-login h1';
/** Requests that carry code: scripts and the remotes' manifests. */
const CODE = /\.js$|\/mf-manifest\.json$/;

interface Request {
  url: string;
  start: number;
  end: number | null;
}

/** Loads `path` in a new page of `context` (storage kept), cache empty; returns the JavaScript and the chain. */
async function measure(context: BrowserContext, path: string) {
  const page: Page = await context.newPage();
  await page.addInitScript((selector) => {
    const w = window as unknown as { __hubTitleAt?: number };
    const seen = () => {
      if (w.__hubTitleAt === undefined && document.querySelector(selector)) w.__hubTitleAt = performance.timeOrigin + performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  }, TITLE);
  const cdp = await context.newCDPSession(page);
  const requests = new Map<string, Request>();
  let clockOffset: number | null = null; // wall-clock ms minus CDP monotonic ms
  cdp.on('Network.requestWillBeSent', (event) => {
    clockOffset ??= event.wallTime * 1000 - event.timestamp * 1000;
    // The code chain: the page, its scripts and the remotes' manifests. Data calls are left out: on a
    // loaded machine one sent late by a busy main thread would look like a step of the chain.
    if (event.type === 'Document' || event.type === 'Script' || CODE.test(event.request.url.split('?')[0]!))
      requests.set(event.requestId, { url: event.request.url, start: event.timestamp * 1000, end: null });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.end = event.timestamp * 1000;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('javascript') && response.status() === 200)
      scripts.push(
        response.body().then(
          (body) => gzipSync(body).length,
          () => 0,
        ),
      );
  });
  await page.goto(path);
  // In the page (some titles are drawn hidden until their data is in: their code is what counts here).
  await page.locator(TITLE).first().waitFor({ state: 'attached' });
  // Then what the page loads below its title (the home widgets): its loading states end. Network idle
  // alone can come first on a loaded machine, while the main thread is still rendering.
  // (Loading states are marked aria-busy; the list frames' count announcer is a status that stays.)
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  // Then no code request in flight, and none new for a moment (data calls and a live stream may go
  // on: they are not what is measured here).
  let seen = -1;
  await expect
    .poll(
      () => {
        const settled = requests.size === seen && [...requests.values()].every((request) => request.end !== null);
        seen = requests.size;
        return settled;
      },
      { timeout: 30_000, intervals: [750] },
    )
    .toBe(true);
  const landed = new URL(page.url()).pathname;
  const titleAt = await page.evaluate(() => (window as unknown as { __hubTitleAt?: number }).__hubTitleAt ?? null);
  // Every body read before the page closes (a body asked for after is lost).
  const javascript = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
  await page.close();

  // The longest run of requests, each sent after the one before it finished, all finished before the title showed.
  const done = [...requests.values()]
    .filter((request): request is Request & { end: number } => request.end !== null)
    .map((request) => ({ ...request, start: request.start + clockOffset!, end: request.end + clockOffset! }))
    .filter((request) => titleAt === null || request.end <= titleAt)
    .sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  const before: number[] = [];
  done.forEach((request, i) => {
    depth[i] = 1;
    before[i] = -1;
    for (let j = 0; j < i; j += 1)
      if (done[j]!.end <= request.start && depth[j]! + 1 > depth[i]!) {
        depth[i] = depth[j]! + 1;
        before[i] = j;
      }
  });
  let last = depth.indexOf(Math.max(0, ...depth));
  const chain: string[] = [];
  for (; last >= 0; last = before[last]!) chain.unshift(new URL(done[last]!.url).pathname);
  return { javascript, chain, landed };
}

const accounts = [...new Set(budgets.routes.map((route) => route.account))];
/** Routes of one account measured side by side. */
const ROUTES_AT_ONCE = 3;

for (const account of accounts) {
  test(`JavaScript and request chain within budget: ${account ?? 'signed out'}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext();
    if (account) {
      const page = await context.newPage();
      await signIn(page, account);
      // /contact is the page of someone with an open discussion (without one, the shell sends them
      // home, whose weight is not the page's): the customer journeys before may have closed theirs,
      // so a first message opens one, as the home page's form does.
      if (budgets.routes.some((route) => route.account === account && route.path === '/contact')) await openDiscussion(page);
      await page.close();
    }
    // The routes are measured a few at a time, each in a browser context of its own made from the
    // signed-in state (its own connections, as a new tab's page of its own), so that one route's
    // requests never queue behind another's: most of a measure is waiting out the emulated latency.
    const signedInState = await context.storageState();
    await context.close();
    const routes = budgets.routes.filter((candidate) => candidate.account === account);
    const measured = new Map<RouteBudget, Awaited<ReturnType<typeof measure>>>();
    const queue = [...routes];
    await Promise.all(
      Array.from({ length: Math.min(ROUTES_AT_ONCE, routes.length) }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) {
          const own = await browser.newContext({ storageState: signedInState });
          try {
            measured.set(route, await measure(own, route.path));
          } finally {
            await own.close();
          }
        }
      }),
    );
    const problems: string[] = [];
    for (const route of routes) {
      const budget = budgets.classes[route.class];
      if (!budget) throw new Error(`e2e/budgets.json: no class "${route.class}"`);
      const { javascript, chain, landed } = measured.get(route)!;
      // A guard that measured the page it was sent on to would measure the wrong page (a page may
      // still open its own first item: /collectmaster/<folder>).
      expect(
        landed === route.path || landed.startsWith(`${route.path}/`),
        `${route.path} sent ${account ?? 'a signed-out visitor'} to ${landed}`,
      ).toBe(true);
      const kB = javascript / 1000;
      console.log(`${route.path} (${account ?? 'signed out'}): ${kB.toFixed(1)} kB gzip, chain ${chain.length}: ${chain.join(' → ')}`);
      if (kB > budget.javascriptKB)
        problems.push(`${route.path}: ${kB.toFixed(1)} kB of JavaScript (gzip), budget ${budget.javascriptKB} kB (${route.class})`);
      if (chain.length > budget.chainDepth)
        problems.push(
          `${route.path}: ${chain.length} requests one after another before the title, budget ${budget.chainDepth}: ${chain.join(' → ')}`,
        );
    }
    expect(problems).toEqual([]);
  });
}
