// Benchmark helper (not a test): a CPU profile of one page as it opens, signed in, printed as the
// functions that took the most time (self time, by function and script) and the total per script.
// Run after a build: `node e2e/bench/profile.mjs /home [account]` at the root (PROFILE_CPU=4 slows
// the CPU like Lighthouse's mobile settings).
import { profilingPage } from './start-portal.mjs';

const path = process.argv[2] ?? '/home';
const account = process.argv[3] ?? 'user@northwind.test';
const { origin, page, cdp, close } = await profilingPage(account);
try {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  if (process.env.PROFILE_CPU) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.PROFILE_CPU) });
  await cdp.send('Profiler.start');
  await page.goto(path, { waitUntil: 'networkidle' });
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i + 1] ?? 0)));
  const byFunction = new Map();
  const byScript = new Map();
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    const script = callFrame.url.replace(origin, '') || '(native)';
    const key = `${callFrame.functionName || '(anonymous)'} ${script}:${callFrame.lineNumber}:${callFrame.columnNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    byScript.set(script, (byScript.get(script) ?? 0) + micros);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, micros]) => `${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  console.log(
    `# ${path} as ${account}: self time by script\n${top(byScript, 15).join('\n')}\n\n# by function\n${top(byFunction, Number(process.env.PROFILE_TOP ?? 40)).join('\n')}`,
  );
} finally {
  await close();
}
