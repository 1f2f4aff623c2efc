import { expect, test, type Browser, type BrowserContext, type Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openDiscussion, signIn } from './test-support/session';

// The start-up work guard, without timing: the main thread's scripting and style work while a
// customer page starts, counted in Chromium's trace, as a ratio to the same count for a page that
// starts only React, measured in the same run, load by load in turn. A machine twice as slow, or
// busy with other work, makes both counts larger alike; a change that adds work to a page's start
// (a module evaluated at once, a loop, a style computed on the first screen) makes only the page's
// larger. Budgets: `startWork` in e2e/budgets.json (its `$comment` says what the ratio is).

interface StartWorkBudgets {
  pages: Record<string, number>;
  loads: number;
}
const budgets = (JSON.parse(readFileSync(new URL('../budgets.json', import.meta.url), 'utf8')) as { startWork: StartWorkBudgets })
  .startWork;

const CUSTOMER = 'user@northwind.test';

/** Trace categories of the main thread's tasks, V8's compiling and running, and user timing marks. */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', '__metadata'];

/** Scripting: compiling, evaluating and calling JavaScript (its garbage collection included). */
const SCRIPTING = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.run',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'MinorGC',
  'MajorGC',
]);
/** Style and layout: style sheets parsed, styles recalculated, boxes laid out. */
const STYLE = new Set(['ParseAuthorStyleSheet', 'UpdateLayoutTree', 'RecalculateStyles', 'Layout']);

/** The mark the page sets each time it becomes ready: its title in the main area, no loading state left. */
const READY_MARK = 'hub-start-ready';
/** Where the test serves the baseline page, on the portal's origin. */
const BASELINE = '/__start-work-baseline/';
const TITLE = 'main h1';

/**
 * The baseline: a page of the portal's origin that starts only React (the React and React DOM the
 * shell is built with, their production builds as published, joined by a few lines of module
 * wiring, no bundler) and renders a title in a main area. Served by the test, not by the portal:
 * nothing of the product can make it lighter or heavier, only React's own version.
 */
function baselinePage(): { html: string; script: string } {
  const fromShell = createRequire(new URL('../../shell/package.json', import.meta.url));
  const reactDir = fromShell.resolve('react/package.json').replace(/package\.json$/, '');
  const reactDomDir = fromShell.resolve('react-dom/package.json').replace(/package\.json$/, '');
  const fromReactDom = createRequire(`${reactDomDir}package.json`);
  const files: Record<string, string> = {
    react: `${reactDir}cjs/react.production.js`,
    'react-dom': `${reactDomDir}cjs/react-dom.production.js`,
    'react-dom/client': `${reactDomDir}cjs/react-dom-client.production.js`,
    scheduler: fromReactDom.resolve('scheduler').replace(/index\.js$/, 'cjs/scheduler.production.js'),
  };
  const modules = Object.entries(files)
    .map(([name, file]) => `${JSON.stringify(name)}: function (module, exports, require) {\n${readFileSync(file, 'utf8')}\n}`)
    .join(',\n');
  const script = `(function () {
var process = { env: { NODE_ENV: 'production' } };
var factories = {${modules}};
var cache = {};
function require(name) {
  if (cache[name]) return cache[name].exports;
  var module = (cache[name] = { exports: {} });
  factories[name](module, module.exports, require);
  return module.exports;
}
var React = require('react');
var root = require('react-dom/client').createRoot(document.getElementById('root'));
root.render(React.createElement('main', null, React.createElement('h1', null, 'Baseline')));
})();`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title><script defer src="/__start-work-baseline/react.js"></script></head><body><div id="root"></div></body></html>`;
  return { html, script };
}

interface TraceEvent {
  name: string;
  ph: string;
  /** Wall clock (µs). */
  ts: number;
  dur?: number;
  /** The thread's own CPU clock (µs): it does not run while the thread waits for a core. */
  tts?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** The length of the union of [start, end] intervals (nested events counted once). */
function unionLength(intervals: [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of sorted) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

/**
 * Scripting and style work (ms of the main thread's own CPU time) on the page's main thread before
 * its last ready mark. CPU time, not wall-clock time: on a machine whose cores are shared, a task's
 * wall-clock length also holds the time its thread waited for a core, which depends on the
 * neighbours, not on the page.
 */
function countWork(trace: { traceEvents: TraceEvent[] }): { scripting: number; style: number; total: number } {
  const events = trace.traceEvents;
  const marks = events.filter((event) => event.name === READY_MARK);
  if (marks.length === 0) throw new Error('the page never marked itself ready');
  const last = marks.reduce((a, b) => (b.ts > a.ts ? b : a));
  // The renderer's main thread is the thread named CrRendererMain in the process that set the mark.
  const main = events.find(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.pid === last.pid && event.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  const scripting: [number, number][] = [];
  const style: [number, number][] = [];
  const open = new Map<string, number[]>();
  for (const event of events) {
    if (event.pid !== main.pid || event.tid !== main.tid || event.ts > last.ts || event.tts === undefined) continue;
    const kind = SCRIPTING.has(event.name) ? scripting : STYLE.has(event.name) ? style : null;
    if (!kind) continue;
    if (event.ph === 'X') kind.push([event.tts, event.tts + (event.tdur ?? 0)]);
    else if (event.ph === 'B') open.set(event.name, [...(open.get(event.name) ?? []), event.tts]);
    else if (event.ph === 'E') {
      const from = open.get(event.name)?.pop();
      if (from !== undefined) kind.push([from, event.tts]);
    }
  }
  const ms = (value: number) => value / 1000;
  return { scripting: ms(unionLength(scripting)), style: ms(unionLength(style)), total: ms(unionLength([...scripting, ...style])) };
}

/** Opens `path` in a fresh context (empty cache) made from `state`, traced until it is ready; its work. */
async function traceStart(browser: Browser, state: Awaited<ReturnType<BrowserContext['storageState']>> | undefined, path: string) {
  const context = await browser.newContext({ storageState: state });
  try {
    const { html, script } = baseline;
    await context.route('**/__start-work-baseline/**', (route) =>
      route.fulfill(
        route.request().url().endsWith('/react.js')
          ? { contentType: 'text/javascript', body: script }
          : { contentType: 'text/html', body: html },
      ),
    );
    const page = await context.newPage();
    // Code requests in flight (scripts, manifests): the page is settled once none is, and none new came.
    const code = new Map<Request, boolean>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('/mf-manifest.json')) code.set(request, false);
    });
    const settle = (request: Request) => code.has(request) && code.set(request, true);
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    await page.addInitScript(
      ({ title, mark }) => {
        let ready = false;
        const check = () => {
          const now = document.querySelector(title) !== null && document.querySelector('main [aria-busy="true"]') === null;
          if (now && !ready) performance.mark(mark);
          ready = now;
        };
        new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
      },
      { title: TITLE, mark: READY_MARK },
    );
    await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
    let trace: Buffer;
    try {
      await page.goto(path);
      await page.locator(TITLE).first().waitFor({ state: 'attached' });
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
      // Then no code request in flight and none new for a moment, and still ready: a page that shows
      // a loading state again (a part arriving after the first screen) is counted to its last ready
      // mark. Work the page puts off until the browser is idle is not its start's.
      let seen = -1;
      await expect
        .poll(
          () => {
            const settled = code.size === seen && [...code.values()].every(Boolean);
            seen = code.size;
            return settled;
          },
          { timeout: 30_000, intervals: [750] },
        )
        .toBe(true);
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    } finally {
      trace = await browser.stopTracing();
    }
    const landed = new URL(page.url()).pathname;
    return { landed, ...countWork(JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }) };
  } finally {
    await context.close();
  }
}

const baseline = baselinePage();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('Start-up work of the customer pages within budget, as a ratio to a page that starts only React', async ({ browser }) => {
  // START_WORK_PAGES (comma-separated paths): only those, for a quick look at one page.
  const only = process.env.START_WORK_PAGES?.split(',');
  const pages = Object.keys(budgets.pages).filter((path) => !only || only.includes(path));
  // Generous: on two cores shared with the API suites a load takes up to a minute; only a guard that
  // fails anyway reaches it.
  test.setTimeout(300_000 + pages.length * budgets.loads * 90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, CUSTOMER);
  await openDiscussion(page);
  const signedIn = await context.storageState();
  await context.close();
  // A first load of each kind that does not count (Chromium's and the portal's own first times).
  await traceStart(browser, signedIn, BASELINE);
  await traceStart(browser, signedIn, '/home');

  // The pages' loads and the baseline's, in turn (a baseline load before each page load), so that
  // the machine's changing state over the run falls on both alike. Each page's ratio is the median
  // of its loads over the median of every baseline load of the run: the baseline's count, the
  // smaller one, is then the steadier.
  const baselines: number[] = [];
  const measured = new Map<string, Awaited<ReturnType<typeof traceStart>>[]>();
  for (const path of pages) {
    for (let load = 0; load < budgets.loads; load += 1) {
      baselines.push((await traceStart(browser, signedIn, BASELINE)).total);
      const result = await traceStart(browser, signedIn, path);
      expect(result.landed === path || result.landed.startsWith(`${path}/`), `${path} sent the customer to ${result.landed}`).toBe(true);
      measured.set(path, [...(measured.get(path) ?? []), result]);
    }
  }
  const baseline = median(baselines);
  console.log(
    `Baseline (React alone): ${baseline.toFixed(1)} ms of main-thread CPU (loads ${baselines.map((value) => value.toFixed(0)).join(', ')})`,
  );
  const problems: string[] = [];
  for (const path of pages) {
    const loads = measured.get(path)!;
    const ratio = median(loads.map((load) => load.total)) / baseline;
    const budget = budgets.pages[path]!;
    console.log(
      `${path}: start-up work ${ratio.toFixed(2)}× the baseline, budget ${budget}× (scripting ${(median(loads.map((load) => load.scripting)) / baseline).toFixed(2)}×, style ${(median(loads.map((load) => load.style)) / baseline).toFixed(2)}×; loads ${loads.map((load) => load.total.toFixed(0)).join(', ')} ms)`,
    );
    if (ratio > budget) problems.push(`${path}: start-up work ${ratio.toFixed(2)}× the baseline, budget ${budget}×`);
  }
  expect(problems).toEqual([]);
});
