// Benchmark helper (not a test): the long tasks of a page as it opens, signed in, and what runs in
// each, named from the source maps. Build first with source maps beside the scripts
// (`HUB_SOURCE_MAPS=1`, see shared/build/webpack.cjs), then at the root:
// `node e2e/bench/long-tasks.mjs /home [account]`. The CPU is slowed 4× as in Lighthouse's mobile
// settings (PROFILE_CPU changes it), so a task over 50 ms here is one Lighthouse counts as blocking.
// PROFILE_TOP=n lists more functions per task, PROFILE_LINES=1 adds their source file and line, and
// PROFILE_ALL=n lists the n functions most often on the stack, ours or not. The figures move from run
// to run by a third or more: compare several runs, on a quiet machine. PROFILE_WARM=n opens the page
// n times first, as a returning person (the browser's caches and the stored component styles warm,
// as in the Lighthouse bench, which keeps storage between its runs); by default the visit is the first.
// PROFILE_SCALE=4 with PROFILE_CPU=1 does what Lighthouse's simulation does: it records the page
// unslowed and counts each task as 4 times as long (tasks of 12.5 ms and more are listed, with their
// durations and blocking time scaled).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { profilingPage } from './start-portal.mjs';

const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require(
  require.resolve('source-map', { paths: [require.resolve('webpack', { paths: [new URL('../../shell', import.meta.url).pathname] })] }),
);
const root = new URL('../..', import.meta.url).pathname;
const path = process.argv[2] ?? '/home';
const account = process.argv[3] ?? 'user@northwind.test';
const rate = Number(process.env.PROFILE_CPU ?? 4);
const scale = Number(process.env.PROFILE_SCALE ?? 1);

/** The dist folder a script's URL is served from. */
function fileOf(urlPath) {
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(urlPath);
  return remote ? join(root, `remote-${remote[1]}`, 'dist', remote[2]) : join(root, 'shell', 'dist', urlPath.slice(1));
}
const consumers = new Map();
function consumer(urlPath) {
  if (!consumers.has(urlPath)) {
    const map = `${fileOf(urlPath)}.map`;
    consumers.set(urlPath, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
  }
  return consumers.get(urlPath);
}
/** "package or our file: function" for a call frame. */
function name(frame, origin) {
  const urlPath = frame.url.replace(origin, '');
  if (!urlPath) return `(native) ${frame.functionName || '(anonymous)'}`;
  const map = consumer(urlPath);
  if (!map) return `${urlPath} ${frame.functionName}`;
  const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (at.source ?? '?').replace(/^webpack:\/\/[^/]*\//, '');
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
  const where = process.env.PROFILE_LINES ? ` ${source.split('/').slice(-2).join('/')}:${at.line}` : '';
  return `${pkg ? pkg[1] : source} ${at.name ?? frame.functionName ?? ''}${where}`.trim();
}
const ours = (label) => /^(shell\/|shared\/|remote-[a-z]+\/|\.\/)?src\//.test(label);

const { origin, page, cdp, close } = await profilingPage(account);
try {
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  for (let i = 0; i < Number(process.env.PROFILE_WARM ?? 0); i += 1) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    await page.goto('about:blank');
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await page.goto(path, { waitUntil: 'networkidle' });
  // A remote's page: its title is in once the remote has mounted; then a moment for what follows.
  await page
    .locator('main h1')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await done;
  // The page's main thread: the renderer's main thread that ran the most.
  const busy = new Map();
  for (const e of events) if (e.name === 'RunTask' && e.dur) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const mainThread = [...busy].filter(([key]) => mains.has(key)).sort((a, b) => b[1] - a[1])[0]?.[0];
  if (process.env.PROFILE_DEBUG)
    console.log([...busy].map(([k, v]) => `${k} ${mains.has(k) ? 'main' : ''} ${(v / 1000).toFixed(0)} ms`).join('\n'));
  const tasks = events.filter((e) => e.name === 'RunTask' && `${e.pid}:${e.tid}` === mainThread && e.dur * scale >= 50_000);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i];
    times.push(t);
  }
  let blocking = 0;
  for (const task of tasks) {
    blocking += (scale * task.dur) / 1000 - 50;
    const ourFrames = new Map();
    const leaves = new Map();
    const leafFunctions = new Map();
    const allFrames = new Map();
    let samples = 0;
    for (let i = 0; i < times.length; i += 1) {
      if (times[i] < task.ts || times[i] > task.ts + task.dur) continue;
      samples += 1;
      let id = profile.samples[i];
      const leaf = name(byId.get(id).callFrame, origin);
      const leafPkg = leaf.split(' ')[0];
      leaves.set(leafPkg, (leaves.get(leafPkg) ?? 0) + 1);
      leafFunctions.set(leaf, (leafFunctions.get(leaf) ?? 0) + 1);
      const seen = new Set();
      while (id !== undefined) {
        const label = name(byId.get(id).callFrame, origin);
        if (!seen.has(label)) {
          seen.add(label);
          if (ours(label)) ourFrames.set(label, (ourFrames.get(label) ?? 0) + 1);
          allFrames.set(label, (allFrames.get(label) ?? 0) + 1);
        }
        id = parent.get(id);
      }
    }
    const pct = (n) => `${String(Math.round((100 * n) / Math.max(samples, 1))).padStart(3)} %`;
    const top = (map, n) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `    ${pct(v)}  ${k}`);
    console.log(`\n## task at ${((task.ts - tasks[0].ts) / 1000).toFixed(0)} ms: ${((scale * task.dur) / 1000).toFixed(0)} ms`);
    console.log(`  self time by package or file (leaf):\n${top(leaves, 8).join('\n')}`);
    console.log(`  self time by function:\n${top(leafFunctions, Number(process.env.PROFILE_TOP ?? 8)).join('\n')}`);
    console.log(`  our functions on the stack (inclusive):\n${top(ourFrames, 14).join('\n')}`);
    // The browser's own work in the task (what the profile shows as "(program)"): style, layout,
    // parsing, painting, by the trace's events directly inside it (self time, in ms at the slowdown).
    const inside = events.filter(
      (e) =>
        `${e.pid}:${e.tid}` === mainThread && e.ph === 'X' && e.dur && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task,
    );
    const work = new Map();
    for (const e of inside) {
      const children = inside.filter((c) => c !== e && c.ts >= e.ts && c.ts + c.dur <= e.ts + e.dur);
      const covered = children.reduce(
        (sum, c) => (children.some((o) => o !== c && o.ts <= c.ts && o.ts + o.dur >= c.ts + c.dur) ? sum : sum + c.dur),
        0,
      );
      const self = e.dur - covered;
      if (self > 0) work.set(e.name, (work.get(e.name) ?? 0) + self);
    }
    const browser = [...work].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`  trace events by self time:\n${browser.map(([k, v]) => `    ${(v / 1000).toFixed(0).padStart(5)} ms  ${k}`).join('\n')}`);
    if (process.env.PROFILE_ALL)
      console.log(`  every function on the stack (inclusive):\n${top(allFrames, Number(process.env.PROFILE_ALL)).join('\n')}`);
  }
  console.log(
    `\n${tasks.length} tasks of 50 ms or more at ${rate}× slowdown${scale === 1 ? '' : `, counted ${scale}×`}; blocking time (the part over 50 ms) ${blocking.toFixed(0)} ms`,
  );
} finally {
  await close();
}
