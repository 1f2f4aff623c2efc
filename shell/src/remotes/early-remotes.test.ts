import { STORAGE_KEYS, type RemoteList } from '@hub/shared/api';
import { makeUser } from '@hub/shared/remote';
import { get, startApiServer } from '@hub/shared/test-support';
import { createShellServices } from '../shell-services';

// The shell's real services (loader, API client) against a local server, with the list the page's
// first script may have asked for before the entry ran.
const server = startApiServer();
const holder = globalThis as { __HUB_EARLY_REMOTES__?: Promise<RemoteList> };
const list = (version: string): RemoteList => ({
  remotes: [{ name: 'content', entry: `${server.origin}/releases/content/${version}/mf-manifest.json`, version }],
});
function signedIn(displayAs?: number) {
  const services = createShellServices({ language: 'en', origin: server.origin });
  services.session.setTokens({ hub: 'hub-token', files: 'files-token' });
  const admin = makeUser({ id: 1, rights: ['administrator'] });
  if (displayAs)
    services.session.setUser(admin, { displayAs: { userId: displayAs, includesUnpublished: false }, user: makeUser({ id: displayAs }) });
  else services.session.setUser(admin);
  return services;
}
const manifests = () => server.seen.filter((url) => url.endsWith('mf-manifest.json'));

beforeEach(() => {
  server.routes = [get('/api/remotes', list('9.9.9'))];
  sessionStorage.clear();
});
afterEach(() => {
  delete holder.__HUB_EARLY_REMOTES__;
});

describe("the page's first remotes list", () => {
  it('should be the early answer when there is one, taken once', async () => {
    holder.__HUB_EARLY_REMOTES__ = Promise.resolve(list('1.0.0'));
    const services = signedIn();
    expect(holder.__HUB_EARLY_REMOTES__).toBeUndefined();
    await expect(services.remoteLoader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    expect(server.seen).toEqual(['/releases/content/1.0.0/mf-manifest.json']);
    expect(services.remoteLoader.releases!().get('content')?.version).toBe('1.0.0');
  });

  it('should be asked for when the early one failed, or when there is none', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    holder.__HUB_EARLY_REMOTES__ = Promise.reject(new Error('offline'));
    await expect(signedIn().remoteLoader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    await expect(signedIn().remoteLoader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    expect(server.seen).toEqual([
      '/api/remotes',
      '/releases/content/9.9.9/mf-manifest.json',
      '/api/remotes',
      '/releases/content/9.9.9/mf-manifest.json',
    ]);
    errors.mockRestore();
  });

  it('should be taken for the displayed person only when asked in their name', async () => {
    // The tab kept a display-as of person 7: the early answer is theirs.
    sessionStorage.setItem(STORAGE_KEYS.displayAs, JSON.stringify({ userId: 7, includesUnpublished: false, signedInUserId: 1 }));
    holder.__HUB_EARLY_REMOTES__ = Promise.resolve(list('2.0.0'));
    const own = signedIn();
    await expect(own.remoteLoader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    expect(manifests()).toEqual(['/releases/content/9.9.9/mf-manifest.json']);
    expect(server.requests[0]!.headers['display-as-user-id']).toBeUndefined();

    // The same tab with display-as confirmed (signing in as oneself above forgot it).
    sessionStorage.setItem(STORAGE_KEYS.displayAs, JSON.stringify({ userId: 7, includesUnpublished: false, signedInUserId: 1 }));
    holder.__HUB_EARLY_REMOTES__ = Promise.resolve(list('2.0.0'));
    server.requests.length = 0;
    server.seen.length = 0;
    const displayed = signedIn(7);
    await expect(displayed.remoteLoader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    expect(server.seen).toEqual(['/releases/content/2.0.0/mf-manifest.json']);
  });
});
