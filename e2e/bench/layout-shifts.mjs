// Benchmark helper (not a test): what moves while a page opens. Opens PATH signed in as ACCOUNT
// (default a customer; 'none' signed out) at Lighthouse's phone size with the CPU slowed 4×, a first
// visit then a returning one, and prints every layout shift with its sources: the element, where it
// was and where it went (x, y, width, height). Lighthouse names only the element that moved most;
// this says why it moved.
//   node e2e/bench/layout-shifts.mjs /admin/users admin@demo.test
import { profilingPage } from './start-portal.mjs';

const [path = '/home', account = 'user@northwind.test'] = process.argv.slice(2);
const { origin, page, cdp, close } = await profilingPage(account);
try {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const rect = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
        window.__shifts.push({
          at: Math.round(entry.startTime),
          value: entry.value,
          afterInput: entry.hadRecentInput,
          sources: entry.sources.map((source) => ({
            node: source.node ? (source.node.outerHTML ?? source.node.textContent ?? '').slice(0, 140) : '(gone)',
            from: rect(source.previousRect),
            to: rect(source.currentRect),
          })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (const visit of ['first visit', 'returning visit']) {
    await page.goto(origin + path);
    await page.waitForTimeout(6000);
    const shifts = await page.evaluate(() => window.__shifts);
    const total = shifts.filter((shift) => !shift.afterInput).reduce((sum, shift) => sum + shift.value, 0);
    console.log(`\n${path}, ${visit}: ${shifts.length} shift(s), ${total.toFixed(4)} in all`);
    for (const shift of shifts) {
      console.log(`  at ${shift.at} ms: ${shift.value.toFixed(4)}${shift.afterInput ? ' (after input, not counted)' : ''}`);
      for (const source of shift.sources) console.log(`    ${source.from} → ${source.to}  ${source.node}`);
    }
  }
} finally {
  await close();
}
