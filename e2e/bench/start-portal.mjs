// Starts the built portal on a free loopback port with fresh demo data, for the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Flags Debian's Chromium needs on our closed-network machines, kept once with the journeys'. */
export const chromiumArgs = JSON.parse(readFileSync(join(root, 'e2e/chromium-args.json'), 'utf8')).args;

/** Signs in on the embedded provider's default connection (password `demo`) and waits for the home page. */
export async function signIn(page, email) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Default connection' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startPortal(extraEnv = {}) {
  // BENCH_PORT: a fixed port (on a shared machine, one from one's own range); otherwise any free one.
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-bench-'));
  const child = spawn(join(root, 'server/node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: join(root, 'server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...extraEnv,
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the portal did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For the profiling benches: the portal started, and a phone-sized page of it signed in as `account`
 * ('none': signed out), left on about:blank with a DevTools session. `close()` stops the browser
 * and the portal.
 */
export async function profilingPage(account) {
  const { chromium } = await import('@playwright/test');
  const portal = await startPortal();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  const close = async () => {
    await browser.close();
    portal.stop();
  };
  try {
    const context = await browser.newContext({ baseURL: portal.origin, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    if (account !== 'none') await signIn(page, account);
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    return { origin: portal.origin, page, cdp, close };
  } catch (error) {
    await close();
    throw error;
  }
}
