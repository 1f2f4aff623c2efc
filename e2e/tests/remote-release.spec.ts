import { expect, test, type Page, type Request } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './test-support/session';

// A remote is released alone, the shell untouched: scripts/release-remote.mjs builds a second remote-content into
// its own folder, and a portal started with REMOTE_CONTENT_URL pointing at it uses it, the shell
// untouched. Each case starts its own portal (own port, own fresh demo database) beside the one of
// the run, since the remotes list is configuration.
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const releases = join(repo, 'remote-content', 'dist', 'releases');
const port = Number(process.env.E2E_PORT ?? 8181) + 1;
const origin = `http://127.0.0.1:${port}`;
const version = `e2e-${port}-${Date.now()}`;
const incompatible = `${version}-next-contract`;
const manifestPath = (release: string) => `/remotes/content/releases/${release}/mf-manifest.json`;
const shellIndex = join(repo, 'shell', 'dist', 'index.html');

test.use({ baseURL: origin });
test.describe.configure({ mode: 'serial' });

let stamp = '';
let contractVersion = 0;
let shellBuiltAt = 0;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  shellBuiltAt = statSync(shellIndex).mtimeMs;
  const release = spawnSync('node', ['scripts/release-remote.mjs', 'content', '--version', version, '--base', ''], {
    cwd: repo,
    encoding: 'utf8',
  });
  expect(release.status, release.stderr).toBe(0);
  expect(release.stdout.trim()).toBe(manifestPath(version));
  const manifest = JSON.parse(readFileSync(join(releases, version, 'mf-manifest.json'), 'utf8'));
  stamp = manifest.metaData.hub.build.stamp;
  contractVersion = manifest.metaData.hub.contractVersion;
  // The same build as one made against the next contract version would declare it: only its manifest differs.
  cpSync(join(releases, version), join(releases, incompatible), { recursive: true });
  const next = { ...manifest, metaData: { ...manifest.metaData, hub: { ...manifest.metaData.hub, contractVersion: contractVersion + 1 } } };
  writeFileSync(join(releases, incompatible, 'mf-manifest.json'), JSON.stringify(next));
  // The server prefers the pre-compressed copies: drop them so the changed manifest is the one sent.
  rmSync(join(releases, incompatible, 'mf-manifest.json.gz'), { force: true });
  rmSync(join(releases, incompatible, 'mf-manifest.json.br'), { force: true });
});
test.afterAll(() => {
  for (const folder of [version, incompatible]) rmSync(join(releases, folder), { recursive: true, force: true });
});

/** What the portal of the current case wrote to its log (warnings and errors: LOG_LEVEL=warn). */
let portalLog = '';

/** A portal of its own, started as the run's portal is (playwright.config.ts), with the content remote's URL. */
async function startPortal(remoteContentUrl: string): Promise<ChildProcess> {
  portalLog = '';
  const dataDir = join(tmpdir(), `hub-e2e-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(join(repo, 'server', 'node_modules', '.bin', 'tsx'), [join(repo, 'server', 'src', 'main.ts')], {
    cwd: join(repo, 'e2e'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REMOTE_CONTENT_URL: remoteContentUrl,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (portalLog += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (portalLog += chunk.toString('utf8')));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stopPortal(child);
  throw new Error(`the portal on ${origin} did not start`);
}
function stopPortal(child: ChildProcess) {
  // tsx starts node as its child: end the group this test started.
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
}

function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

test.describe('a remote released alone', () => {
  test('should show the advices page from the released build, with no shell rebuild', async ({ page }) => {
    test.setTimeout(180_000);
    const portal = await startPortal(manifestPath(version));
    try {
      const requests = recordRequests(page);
      await signIn(page, 'user@northwind.test');
      await page.goto('/advices');
      await expect(page.getByRole('heading', { name: 'Advices', level: 1 })).toBeVisible();
      // The area's markup comes from the release: its build stamp, not the ordinary build's.
      const area = page.locator('[data-remote="content"]').filter({ has: page.getByRole('heading', { name: 'Advices', level: 1 }) });
      await expect(area).toHaveAttribute('data-build', stamp);
      expect(requests).toContain(`/remotes/content/releases/${version}/remoteEntry.js`);
      expect(requests.filter((path) => /^\/remotes\/content\/[^/]+\.js$/.test(path))).toEqual([]);
      expect(statSync(shellIndex).mtimeMs).toBe(shellBuiltAt);
    } finally {
      stopPortal(portal);
    }
  });

  test('should show the area as being updated for a release declaring a newer contract, the rest of the portal working', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const portal = await startPortal(manifestPath(incompatible));
    try {
      const requests = recordRequests(page);
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      await signIn(page, 'user@northwind.test');
      await page.goto('/advices');
      const alert = page.getByRole('alert').filter({ hasText: 'This section is being updated' });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
      expect(
        messages.some(
          (text) => text.includes(`The remote "content" (build ${stamp})`) && text.includes(`contract version ${contractVersion + 1}`),
        ),
      ).toBe(true);
      // Counted as a load failure of the page's release of content (the browser figures, POST
      // /api/client-events), by name and place only: the page hidden sends the batch at once, once
      // the figures have started (when the browser is idle after the first screen).
      let batch: Request | undefined;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/client-events') batch ??= request;
      });
      await expect
        .poll(async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
          return batch !== undefined;
        })
        .toBe(true);
      expect((batch!.postDataJSON() as { events: unknown[] }).events).toContainEqual(
        expect.objectContaining({ remote: 'content', kind: 'load-failure', error_name: 'RemoteMisfitError', count: 1 }),
      );
      expect(batch!.postData()).not.toContain('contract version');
      // Its code was never run; the rest of the portal works.
      expect(requests.filter((path) => path.startsWith(`/remotes/content/releases/${incompatible}/`) && path.endsWith('.js'))).toEqual([]);
      await page.getByRole('link', { name: 'Dashboards' }).first().click();
      await page.waitForURL('**/dashboards');
      await expect(page.getByRole('heading', { name: 'Dashboards', level: 1 })).toBeVisible();
    } finally {
      stopPortal(portal);
    }
  });
});
