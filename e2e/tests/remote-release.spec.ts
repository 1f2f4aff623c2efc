import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn, type DemoAccount } from './test-support/session';

// A team releases its remote while the portal runs (docs/releasing.md): one portal process for the
// whole journey, started here beside the run's one (on E2E_PORT + 1, with its own fresh demo
// database), its remote-content stable release being the ordinary build. The team's change is made
// in a copy of the repository's remote-content and scripts (a patched file, the rest linked), and
// released with the team's command; the broken release is that build with one line patched to
// throw when mounted, sent with the same calls as the command's.
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.E2E_PORT ?? 8181) + 1;
const origin = `http://127.0.0.1:${port}`;
const dataDir = join(tmpdir(), `hub-e2e-${port}`);
const copy = join(tmpdir(), `hub-e2e-release-${port}`);
const run = `${port}-${Date.now()}`;
const changed = `e2e-${run}`;
const broken = `e2e-${run}-broken`;
const hosted = `e2e-${run}-hosted`;
const shellIndex = join(repo, 'shell', 'dist', 'index.html');
/** What the team's change shows on the advices page. */
const NEWS = 'What’s new: this release of the advices';
/** The automatic roll-back looks every 2 s over the last 2 minutes; its thresholds keep their defaults. */
const ROLLBACK_SETTINGS = { ROLLBACK_INTERVAL_SECONDS: '2', ROLLBACK_WINDOW_MINUTES: '2' };

test.use({ baseURL: origin });
test.describe.configure({ mode: 'serial' });

let portal: ChildProcess | undefined;
let portalLog = '';
let shellBuiltAt = 0;
/** The ordinary build's stamp: the stable release (`configured`) of the portal. */
let stableStamp = '';
let changedStamp = '';
let token = '';
let northwind = 0;
/** The team's own file host (a CDN), for a release whose files the portal does not keep. */
let teamHost: Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shellBuiltAt = statSync(shellIndex).mtimeMs;
  stableStamp = JSON.parse(readFileSync(join(repo, 'remote-content', 'dist', 'mf-manifest.json'), 'utf8')).metaData.hub.build.stamp;
  portal = await startPortal();
});
test.afterAll(() => {
  if (portal) stopPortal(portal);
  teamHost?.close();
  rmSync(copy, { recursive: true, force: true });
});

/** The portal of this journey, started as the run's portal is (playwright.config.ts). */
async function startPortal(): Promise<ChildProcess> {
  rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    PGLITE_STUCK_SECONDS: '10',
    ...ROLLBACK_SETTINGS,
  };
  delete env.REMOTE_CONTENT_URL;
  const child = spawn(join(repo, 'server', 'node_modules', '.bin', 'tsx'), [join(repo, 'server', 'src', 'main.ts')], {
    cwd: join(repo, 'e2e'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
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
  throw new Error(`the portal on ${origin} did not start:\n${portalLog}`);
}
function stopPortal(child: ChildProcess) {
  // tsx starts node as its child: end the group this test started.
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
}

/** A call to the portal's API with a bearer token (a person's or the release token). */
async function api<T = unknown>(bearer: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

/** A remote's state as the registry's calls answer it (RemoteStatus of @hub/shared/api, the parts read here). */
interface RemoteStatus {
  name: string;
  stable: { version: string };
  candidate: { version: string; share: number; entities: number[] } | null;
}

interface Person {
  page: Page;
  token: string;
  id: number;
  entity: number | null;
  requests: string[];
}
/** A browser context of its own signed in as `email`, with the fake clock installed (the release watcher asks every 5 minutes). */
async function person(browser: Browser, email: DemoAccount): Promise<Person> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.clock.install();
  await signIn(page, email);
  const bearer = await page.evaluate(() => localStorage.getItem('hub.token.api') ?? '');
  const me = (await api<{ id: number; entity: { id: number } | null }>(bearer, 'GET', '/auth/user')).json;
  return { page, token: bearer, id: me.id, entity: me.entity?.id ?? null, requests };
}

/** The release of content the portal gives this person now. */
async function given(who: Person): Promise<string> {
  const { json } = await api<{ remotes: { name: string; version: string }[] }>(who.token, 'GET', '/remotes');
  return json.remotes.find((remote) => remote.name === 'content')!.version;
}

/** Opens the advices page (a new page load: the shell asks for its person's releases). */
async function openAdvices(who: Person): Promise<void> {
  await who.page.goto('/advices');
}

/** The content area of the page shown (the one holding its main heading). */
const contentArea = (who: Person) =>
  who.page.locator('[data-remote="content"]').filter({ has: who.page.getByRole('heading', { level: 1 }) });

/** The build stamp of the content remote mounted on the page (its area's data-build). */
async function mountedStamp(who: Person): Promise<string> {
  const area = contentArea(who);
  await expect(area).toHaveAttribute('data-build', /.+/);
  return (await area.getAttribute('data-build')) ?? '';
}

/** The place (0–99) of a person among content's people, as docs/releasing.md says: SHA-256 of the remote's name and the id. */
const placeOf = (id: number) => createHash('sha256').update(`content\u0000${id}`).digest().readUInt32BE(0) % 100;

/**
 * A copy of what a team's checkout needs to run the release command on remote-content (the command,
 * the remote's sources with one patched file, the rest linked to the repository's), so that the
 * team's change stays out of the repository and the stable build.
 */
function teamCheckout(): string {
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(join(copy, 'scripts'), { recursive: true });
  for (const file of ['release-remote.mjs', 'release-remote-upload.mjs']) cpSync(join(repo, 'scripts', file), join(copy, 'scripts', file));
  const remote = join(copy, 'remote-content');
  mkdirSync(remote);
  for (const file of ['src', 'package.json', 'webpack.config.cjs', 'module-federation.config.cjs', 'tsconfig.json']) {
    cpSync(join(repo, 'remote-content', file), join(remote, file), { recursive: true });
  }
  symlinkSync(join(repo, 'remote-content', 'node_modules'), join(remote, 'node_modules'));
  for (const shared of ['node_modules', 'shared', 'tsconfig.base.json']) symlinkSync(join(repo, shared), join(copy, shared));
  // The team's change: a line under the advices page's title.
  const page = join(remote, 'src', 'features', 'advices', 'components', 'advices-page.tsx');
  const source = readFileSync(page, 'utf8');
  expect(source).toContain('</Heading>');
  writeFileSync(page, source.replace('</Heading>', `</Heading>\n      <Text>${NEWS}</Text>`));
  return copy;
}

/** Runs a command to its end: its exit code and output. */
function runCommand(args: string[], cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('node', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const people: Partial<Record<'admin' | 'nina' | 'ninaAgain' | 'carl' | 'paula', Person>> = {};

test.describe('a remote released while the portal runs', () => {
  test('should give a team’s release to one company, then to half the people, with the shell untouched', async ({ browser }) => {
    test.setTimeout(300_000);
    const admin = (people.admin = await person(browser, 'admin@demo.test'));
    // The administrator creates the team's token (shown once).
    const created = await api<{ token: string }>(admin.token, 'POST', '/admin/remotes/content/tokens', { label: 'content CI' });
    expect(created.status).toBe(201);
    token = created.json.token;
    expect(token).toMatch(/^hubrt_/);

    const entities = await api<{ items: { id: number; slug: string }[] }>(admin.token, 'GET', '/admin/entities?search=Northwind');
    northwind = entities.json.items.find((entity) => entity.slug === 'northwind-traders')!.id;

    // The team's command: build, contract check, upload, register, start for Northwind only. Its
    // people sign in meanwhile.
    const checkout = teamCheckout();
    const releasing = runCommand(
      [
        join(checkout, 'scripts', 'release-remote.mjs'),
        'content',
        '--to',
        origin,
        '--token',
        token,
        '--version',
        changed,
        '--entity',
        String(northwind),
        '--note',
        'The advices say what is new',
      ],
      checkout,
    );
    const [nina, carl] = await Promise.all([person(browser, 'user@northwind.test'), person(browser, 'user@contoso.test')]);
    Object.assign(people, { nina, carl });
    expect(nina.entity).toBe(northwind);
    expect(carl.entity).not.toBe(northwind);
    const released = await releasing;
    expect(released.status, released.stderr).toBe(0);
    expect(JSON.parse(released.stdout)).toEqual({
      stable: expect.objectContaining({ version: 'configured' }),
      candidate: { version: changed, share: 0, entities: [northwind] },
    });
    changedStamp = JSON.parse(readFileSync(join(checkout, 'remote-content', 'dist', 'releases', changed, 'mf-manifest.json'), 'utf8'))
      .metaData.hub.build.stamp;
    expect(changedStamp).not.toBe(stableStamp);

    // Nina (Northwind) gets the team's release, from the portal's store; Carl (Contoso) does not.
    await expect.poll(() => given(nina)).toBe(changed);
    expect(await given(carl)).toBe('configured');
    nina.requests.length = 0;
    await openAdvices(nina);
    await expect(nina.page.getByText(NEWS)).toBeVisible();
    expect(await mountedStamp(nina)).toBe(changedStamp);
    expect(nina.requests).toContain(`/remotes/content/releases/${changed}/remoteEntry.js`);
    expect(nina.requests.filter((path) => /^\/remotes\/content\/[^/]+\.js$/.test(path))).toEqual([]);
    await openAdvices(carl);
    expect(await mountedStamp(carl)).toBe(stableStamp);
    await expect(carl.page.getByText(NEWS)).toHaveCount(0);

    // The team moves it to half the people: Northwind keeps it, and each other person gets it by
    // their place, below 50.
    const widened = await api<RemoteStatus>(token, 'PUT', '/admin/remotes/content/rollout', { share: 50 });
    expect(widened.status).toBe(200);
    expect(widened.json.candidate).toEqual({ version: changed, share: 50, entities: [northwind] });
    for (const who of [admin, nina, carl]) {
      const expected = who.entity === northwind || placeOf(who.id) < 50 ? changed : 'configured';
      await expect.poll(() => given(who)).toBe(expected);
    }
    await openAdvices(carl);
    expect(await mountedStamp(carl)).toBe(placeOf(carl.id) < 50 ? changedStamp : stableStamp);
    expect(statSync(shellIndex).mtimeMs).toBe(shellBuiltAt);
  });

  test('should give each person the same release across reloads and in a second browser', async ({ browser }) => {
    test.setTimeout(120_000);
    const nina = people.nina!;
    const ninaAgain = (people.ninaAgain = await person(browser, 'user@northwind.test'));
    for (const who of [nina, ninaAgain, nina, ninaAgain]) {
      await openAdvices(who);
      expect(await mountedStamp(who)).toBe(changedStamp);
      await who.page.reload();
      expect(await mountedStamp(who)).toBe(changedStamp);
    }
  });

  test('should roll a broken release back by itself within two minutes, its people offered the stable one', async ({ browser }) => {
    test.setTimeout(240_000);
    // The broken release: the team's build with the line that marks the area patched to throw,
    // which it does in the remote's mount.
    const built = join(copy, 'remote-content', 'dist', 'releases', changed);
    const folder = join(copy, 'remote-content', 'dist', 'releases', broken);
    cpSync(built, folder, { recursive: true });
    const patched = readdirSync(folder).filter(
      (file) => file.endsWith('.js') && readFileSync(join(folder, file), 'utf8').includes(changedStamp),
    );
    expect(patched).toHaveLength(1);
    const script = join(folder, patched[0]!);
    writeFileSync(
      script,
      readFileSync(script, 'utf8').replace(`"${changedStamp}"`, '{toString(){throw new TypeError("This release breaks when mounted")}}'),
    );
    // Sent as the command sends a release: its files (the manifest last), registered, started for half the people.
    const files = readdirSync(folder).filter((file) => !/\.(br|gz)$/.test(file) && file !== 'mf-manifest.json');
    for (const file of [...files, 'mf-manifest.json']) {
      const response = await fetch(`${origin}/api/admin/remotes/content/releases/${broken}/files/${file}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: readFileSync(join(folder, file)),
      });
      expect(response.status, file).toBe(201);
    }
    const manifestUrl = `/remotes/content/releases/${broken}/mf-manifest.json`;
    expect((await api(token, 'POST', '/admin/remotes/content/releases', { version: broken, manifest_url: manifestUrl })).status).toBe(201);
    const started = await api(token, 'PUT', '/admin/remotes/content/rollout', { candidate: broken, share: 50 });
    expect(started.status).toBe(200);
    const startedAt = Date.now();

    // Its people (a place below 50) mount it in their browsers and see the area's error state.
    const paula = (people.paula = await person(browser, 'publisher@demo.test'));
    const mounting = [people.admin!, people.nina!, people.ninaAgain!, people.carl!, paula].filter((who) => placeOf(who.id) < 50);
    expect(mounting.length).toBeGreaterThanOrEqual(2);
    await Promise.all(
      mounting.map(async (who) => {
        await expect.poll(() => given(who)).toBe(broken);
        await openAdvices(who);
        await expect(who.page.getByText('This section is unavailable')).toBeVisible();
        expect(who.requests).toContain(`/remotes/content/releases/${broken}/remoteEntry.js`);
      }),
    );
    // The pages send their figures when hidden; more mounts come as the same people's other pages
    // would report them (a batch of the shell: the failed mount, by name and place only).
    for (const who of mounting) await who.page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    const status = async () =>
      (await api<{ remotes: RemoteStatus[] }>(people.admin!.token, 'GET', '/admin/remotes')).json.remotes.find(
        (remote) => remote.name === 'content',
      )!;
    let current = await status();
    while ((current.candidate?.share ?? 0) > 0 && Date.now() - startedAt < 120_000) {
      for (const who of mounting) {
        const sent = await api(who.token, 'POST', '/client-events', {
          events: [
            {
              remote: 'content',
              version: broken,
              kind: 'load-failure',
              count: 1,
              error_name: 'TypeError',
              file: `/remotes/content/releases/${broken}/${patched[0]}`,
              line: 1,
            },
          ],
        });
        expect(sent.status).toBeLessThan(300);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      current = await status();
    }
    expect(current.candidate).toEqual({ version: broken, share: 0, entities: [] });
    expect(Date.now() - startedAt).toBeLessThan(120_000);

    // Its people's open pages offer them the stable release (the watcher asks again within 5
    // minutes); reloaded, they have it.
    await Promise.all(
      mounting.map(async (who) => {
        await expect.poll(() => given(who)).toBe('configured');
        await who.page.clock.fastForward('05:01');
        await expect(who.page.getByText('A new version of this part is available')).toBeVisible();
        await who.page.getByRole('button', { name: 'Reload' }).click();
        expect(await mountedStamp(who)).toBe(stableStamp);
      }),
    );
  });

  test('should keep a page on its release after a promotion until it reloads, offering the new one once', async () => {
    test.setTimeout(120_000);
    const nina = people.nina!;
    await openAdvices(nina);
    expect(await mountedStamp(nina)).toBe(stableStamp);
    // From here on the page is not left: nothing of it may fail.
    const failed: string[] = [];
    nina.page.on('requestfailed', (request) => failed.push(request.url()));
    nina.page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    const errors: string[] = [];
    nina.page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // An administrator promotes the team's release.
    const promoted = await api<RemoteStatus>(people.admin!.token, 'PUT', '/admin/remotes/content/rollout', { stable: changed });
    expect(promoted.status).toBe(200);
    expect(promoted.json.stable.version).toBe(changed);
    await expect.poll(() => given(nina)).toBe(changed);

    // The open page goes on with its release: a page of the remote it had not shown yet.
    await nina.page.getByRole('list', { name: 'Advices' }).getByRole('link').first().click();
    await nina.page.waitForURL(/\/advices\/details\/\d+$/);
    await expect(nina.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(nina.page.getByText('This section is unavailable')).toHaveCount(0);
    expect(await mountedStamp(nina)).toBe(stableStamp);

    // The watcher offers the new release once; put aside, it is not offered again in this page.
    const offer = nina.page.getByText('A new version of this part is available');
    await nina.page.clock.fastForward('05:01');
    await expect(offer).toBeVisible();
    await nina.page.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    await nina.page.clock.fastForward('05:01');
    await nina.page.getByRole('link', { name: 'Advices' }).first().click();
    await expect(nina.page.getByRole('heading', { name: 'Advices', level: 1 })).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect(failed).toEqual([]);
    expect(errors.filter((text) => /chunk|ChunkLoadError|Loading/i.test(text))).toEqual([]);

    // Reloaded, the page has the promoted release.
    await nina.page.reload();
    await expect(nina.page.getByText(NEWS)).toBeVisible();
    expect(await mountedStamp(nina)).toBe(changedStamp);
  });

  test('should show the area as being updated when a release hosted by its team turns into a newer contract, the rest working', async () => {
    test.setTimeout(120_000);
    // The team hosts this release's files itself: a server of its own, on another origin.
    const root = join(copy, 'cdn');
    const folder = join(root, 'remotes', 'content', 'releases', hosted);
    cpSync(join(copy, 'remote-content', 'dist', 'releases', changed), folder, { recursive: true });
    for (const file of readdirSync(folder)) if (/\.(br|gz)$/.test(file)) rmSync(join(folder, file));
    const server = (teamHost = createServer((request, response) => {
      const path = join(root, new URL(request.url ?? '/', 'http://host').pathname);
      try {
        const body = readFileSync(path);
        response.writeHead(200, {
          'access-control-allow-origin': '*',
          'content-type': path.endsWith('.json') ? 'application/json' : 'text/javascript',
        });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const manifestPath = join(folder, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const contractVersion: number = manifest.metaData.hub.contractVersion;
    const newer = {
      ...manifest,
      metaData: { ...manifest.metaData, hub: { ...manifest.metaData.hub, contractVersion: contractVersion + 1 } },
    };
    const manifestUrl = `${base}/remotes/content/releases/${hosted}/mf-manifest.json`;

    // The portal reads the manifest first: a newer contract is refused, saying which.
    writeFileSync(manifestPath, JSON.stringify(newer));
    const refused = await api<{ message: string }>(token, 'POST', '/admin/remotes/content/releases', {
      version: hosted,
      manifest_url: manifestUrl,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toContain('contract');
    // Registered while it fitted, then changed on the team's host: the shell's own check refuses it.
    writeFileSync(manifestPath, JSON.stringify(manifest));
    expect((await api(token, 'POST', '/admin/remotes/content/releases', { version: hosted, manifest_url: manifestUrl })).status).toBe(201);
    writeFileSync(manifestPath, JSON.stringify(newer));
    const carl = people.carl!;
    const started = await api(token, 'PUT', '/admin/remotes/content/rollout', { candidate: hosted, entities: [carl.entity!] });
    expect(started.status).toBe(200);
    await expect.poll(() => given(carl)).toBe(hosted);

    const messages: string[] = [];
    carl.page.on('console', (message) => messages.push(message.text()));
    let batch: Request | undefined;
    carl.page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/client-events') batch ??= request;
    });
    const requested: string[] = [];
    carl.page.on('request', (request) => requested.push(request.url()));
    await openAdvices(carl);
    const alert = carl.page.getByRole('alert').filter({ hasText: 'This section is being updated' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(
      messages.some(
        (text) => text.includes(`The remote "content" (build ${changedStamp})`) && text.includes(`contract version ${contractVersion + 1}`),
      ),
    ).toBe(true);
    // Counted as a load failure of that release, by name and place only (sent at once as the page is hidden).
    await expect
      .poll(async () => {
        await carl.page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
        return batch !== undefined;
      })
      .toBe(true);
    expect((batch!.postDataJSON() as { events: unknown[] }).events).toContainEqual(
      expect.objectContaining({ remote: 'content', version: hosted, kind: 'load-failure', error_name: 'RemoteMisfitError', count: 1 }),
    );
    expect(batch!.postData()).not.toContain('contract version');
    // Its code never ran; the rest of the portal works.
    expect(requested).toContain(manifestUrl);
    expect(requested.filter((url) => url.startsWith(base) && url.endsWith('.js'))).toEqual([]);
    await carl.page.getByRole('link', { name: 'Dashboards' }).first().click();
    await carl.page.waitForURL('**/dashboards');
    await expect(carl.page.getByRole('heading', { name: 'Dashboards', level: 1 })).toBeVisible();
    // One portal process served the whole journey.
    expect(portal!.exitCode).toBeNull();
  });
});
