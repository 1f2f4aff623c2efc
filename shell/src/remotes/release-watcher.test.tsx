import { ChakraProvider } from '@chakra-ui/react';
import { createApiClient, type RemoteEntry, type RemoteList } from '@hub/shared/api';
import { createI18n } from '@hub/shared/i18n';
import { route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { createHubSystem } from '@hub/shared/ui';
import { act, render, screen } from '@testing-library/react';
import { setTimeout as realDelay } from 'node:timers/promises';
import { I18nextProvider } from 'react-i18next';
import { createFederatedLoader } from './federated-loader';
import { ReleaseNotice } from './release-notice';
import { createReleaseWatcher, RELEASE_CHECK_INTERVAL_MS, RELEASE_CHECK_MIN_GAP_MS, type ReleaseWatcher } from './release-watcher';

// The watcher with the real HTTP client and the real loader, against a local server whose
// GET /api/remotes answers each person (Display-As-User-Id) their releases.
const server = startApiServer();
const release = (name: 'content' | 'admin', version: string): RemoteEntry => ({
  name,
  entry: `${server.origin}/releases/${name}/${version}/mf-manifest.json`,
  version,
});
let given: Record<string, RemoteEntry[]>;
let displayAs: number | null;
const asked = (): SeenRequest[] => server.requests.filter((request) => request.path === '/api/remotes');
async function askedTimes(count: number): Promise<number> {
  for (let turn = 0; turn < 300 && asked().length < count; turn++) await act(() => realDelay(5));
  // A moment more for the answer to be compared.
  await act(() => realDelay(20));
  return asked().length;
}

let watcher: ReleaseWatcher;
let reloads: number;
async function setUp(language: 'en' | 'fr' = 'en') {
  const api = createApiClient({
    baseUrl: server.apiBase,
    getToken: () => 'hub-token',
    getHeaders: () => ({ 'Display-As-User-Id': displayAs === null ? undefined : String(displayAs) }),
  });
  const person = () => (displayAs === null ? 'own' : `as:${displayAs}`);
  const list = async () => (await api.get<RemoteList>('/remotes', undefined, { silent: true })).remotes;
  const loader = createFederatedLoader({ listRemotes: list, rights: () => ['administrator'], person });
  // The page holds content's release: its area was visited (its manifest answers 404 here, which
  // does not matter to the watcher: the release is the page's all the same).
  await expect(loader('content', { attempt: 0 })).rejects.toThrow('answered 404');
  server.requests.length = 0;
  server.seen.length = 0;
  watcher = createReleaseWatcher({ list, loader, person });
  reloads = 0;
  render(
    <I18nextProvider i18n={createI18n(['shell', 'common'], language)}>
      <ChakraProvider value={createHubSystem({ preflight: false })}>
        <ReleaseNotice watcher={watcher} reload={() => reloads++} />
      </ChakraProvider>
    </I18nextProvider>,
  );
  return loader;
}
const offer = () => screen.queryByText('A new version of this part is available');

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  displayAs = null;
  given = { own: [release('content', '1.0.0'), release('admin', '1.0.0')] };
  server.routes = [
    route('GET', '/api/remotes', (request: SeenRequest) => ({ remotes: given[String(request.headers['display-as-user-id'] ?? 'own')] })),
  ];
});
afterEach(() => {
  watcher.stop();
  jest.useRealTimers();
});

describe('the release watcher', () => {
  it('should ask at start and every five minutes while visible, and offer a reload once, never reloading', async () => {
    await setUp();
    watcher.start();
    expect(await askedTimes(1)).toBe(1);
    expect(offer()).toBeNull();
    // The live region is there before any offer, so that the offer is announced politely.
    const live = document.querySelector('[data-release-notice]');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toBeEmptyDOMElement();

    // Content's candidate is started for this person.
    given.own = [release('content', '2.0.0'), release('admin', '2.0.0')];
    jest.advanceTimersByTime(RELEASE_CHECK_INTERVAL_MS - 1);
    expect(await askedTimes(2)).toBe(1);
    jest.advanceTimersByTime(1);
    expect(await askedTimes(2)).toBe(2);
    // Offered for content, the part the page holds; admin's change concerns no part of this page.
    expect(offer()).toBeVisible();
    expect(live).toContainElement(offer());
    expect(watcher.offered()).toEqual(['content']);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reload' })).not.toHaveFocus();

    // Put aside: gone, and not made again for content in this page, whatever comes next.
    act(() => screen.getByRole('button', { name: 'Not now' }).click());
    expect(offer()).toBeNull();
    given.own = [release('content', '3.0.0'), release('admin', '2.0.0')];
    jest.advanceTimersByTime(RELEASE_CHECK_INTERVAL_MS);
    expect(await askedTimes(3)).toBe(3);
    expect(offer()).toBeNull();
    expect(reloads).toBe(0);
  });

  it('should reload only when the person asks', async () => {
    await setUp('fr');
    given.own = [release('content', '0.9.0')]; // rolled back
    watcher.start();
    expect(await askedTimes(1)).toBe(1);
    expect(screen.getByText('Une nouvelle version de cette partie est disponible')).toBeVisible();
    jest.advanceTimersByTime(RELEASE_CHECK_INTERVAL_MS * 3);
    await askedTimes(4);
    expect(reloads).toBe(0);
    act(() => screen.getByRole('button', { name: 'Recharger' }).click());
    expect(reloads).toBe(1);
  });

  it("should keep the page's releases when the watcher learns another, and give the newer one to a part not loaded yet", async () => {
    const loader = await setUp();
    given.own = [release('content', '2.0.0'), release('admin', '2.0.0')];
    watcher.start();
    await askedTimes(1);
    expect(watcher.offered()).toEqual(['content']);
    await expect(loader('admin', { attempt: 0 })).rejects.toThrow('answered 404');
    await expect(loader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    expect(server.seen.filter((url) => url.endsWith('mf-manifest.json'))).toEqual(['/releases/admin/2.0.0/mf-manifest.json']);
    expect([...loader.releases!().values()].map((entry) => entry.version)).toEqual(['1.0.0', '2.0.0']);
  });

  it('should stop asking while hidden, and ask again when shown after a while', async () => {
    await setUp();
    watcher.start();
    await askedTimes(1);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    jest.advanceTimersByTime(RELEASE_CHECK_INTERVAL_MS * 2);
    expect(await askedTimes(2)).toBe(1);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await askedTimes(2)).toBe(2);
    // Shown again a moment later: not asked again so soon.
    jest.advanceTimersByTime(RELEASE_CHECK_MIN_GAP_MS - 1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await askedTimes(3)).toBe(2);
  });

  it("should compare with the displayed person's releases during display-as", async () => {
    await setUp();
    given['7'] = [release('content', '2.0.0')];
    watcher.start();
    await askedTimes(1);
    expect(offer()).toBeNull();
    displayAs = 7;
    await act(() => watcher.check());
    expect(asked()[1]!.headers['display-as-user-id']).toBe('7');
    expect(offer()).toBeVisible();
  });
});

describe('the release watcher of a page that holds no remote', () => {
  it('should ask nothing until a remote is loaded', async () => {
    const list = async () => (await createApiClient({ baseUrl: server.apiBase, getToken: () => 't' }).get<RemoteList>('/remotes')).remotes;
    const loader = createFederatedLoader({ listRemotes: list, rights: () => ['user'] });
    // How often it looks at the page's releases: once a turn, not in a loop.
    let looked = 0;
    const counting = { releases: () => (looked++, loader.releases!()), learn: loader.learn };
    watcher = createReleaseWatcher({ list, loader: counting, person: () => 'own' });
    watcher.start();
    const tick = () => act(() => realDelay(5));
    await tick();
    expect(looked).toBe(1);
    jest.advanceTimersByTime(RELEASE_CHECK_INTERVAL_MS - 1);
    await tick();
    expect(looked).toBe(1);
    jest.advanceTimersByTime(1);
    expect(await askedTimes(1)).toBe(0);
    expect(looked).toBe(2);
    await expect(loader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    expect(asked()).toHaveLength(1);
    jest.advanceTimersByTime(RELEASE_CHECK_INTERVAL_MS);
    expect(await askedTimes(2)).toBe(2);
  });
});
