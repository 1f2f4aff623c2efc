// Delivery latency of a discussion message: from the moment the customer presses Enter in one
// browser to the moment the message is on the consultant's screen in another, over the live
// events stream (no reload). Prints p50 and p99 over N messages (default 100) as JSON.
// Run after building: `node e2e/bench/message-latency.mjs [count]`.
import { chromium } from '@playwright/test';
import { chromiumArgs, signIn, startPortal } from './start-portal.mjs';

const COUNT = Number(process.argv[2] ?? 100);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// Two browsers on one address send far faster than people do: lift the per-address limit for the run.
// BENCH_DATABASE_URL runs the portal on that PostgreSQL (LISTEN/NOTIFY over a real connection) instead of PGlite.
const portal = await startPortal({
  RATE_LIMIT_MAX: '100000',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
try {
  const user = await (await browser.newContext({ baseURL: portal.origin })).newPage();
  const consultant = await (await browser.newContext({ baseURL: portal.origin })).newPage();
  await signIn(user, 'user@northwind.test');
  await user.getByRole('button', { name: 'Write to my consultant' }).click();
  await user.getByLabel(/Your message to/).fill('Latency bench: start');
  await user.getByRole('button', { name: 'Send', exact: true }).click();
  await user.waitForURL('**/contact');

  await signIn(consultant, 'consultant@demo.test');
  await consultant.goto('/contact');
  await consultant.getByRole('log').getByText('Latency bench: start').waitFor();
  // The consultant's page notes when each awaited text first shows in the thread.
  await consultant.evaluate(() => {
    window.__seen = {};
    new MutationObserver(() => {
      const want = window.__want;
      if (want && !window.__seen[want] && document.querySelector('[role=log]')?.textContent?.includes(want))
        window.__seen[want] = Date.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  const composer = user.getByRole('textbox', { name: 'Your message' });
  const latencies = [];
  for (let i = 1; i <= COUNT; i += 1) {
    const text = `Latency bench message #${i}#`;
    await consultant.evaluate((want) => (window.__want = want), text);
    await composer.fill(text);
    const sentAt = await user.evaluate(() => Date.now());
    await composer.press('Enter');
    await consultant.waitForFunction((want) => window.__seen[want] !== undefined, text, { timeout: 15_000 });
    const seenAt = await consultant.evaluate((want) => window.__seen[want], text);
    latencies.push(seenAt - sentAt);
    // The composer clears once the send has been acknowledged: the next message starts from there.
    await user.waitForFunction(() => document.querySelector('textarea')?.value === '');
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      messages: COUNT,
      p50_ms: percentile(sorted, 50),
      p99_ms: percentile(sorted, 99),
      min_ms: sorted[0],
      max_ms: sorted.at(-1),
    }),
  );
} finally {
  await browser.close();
  portal.stop();
}
