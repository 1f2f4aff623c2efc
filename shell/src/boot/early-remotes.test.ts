import { HEADERS, STORAGE_KEYS } from '@hub/shared/api';
import { get, startApiServer } from '@hub/shared/test-support';
import { takeEarlyRemotes } from '../remotes/early-remotes';
import { startEarlyRemotes } from './early-remotes';

/** A token of person `sub` that expires in an hour (`exp` in seconds). */
const tokenOf = (sub: number, exp = Math.floor(Date.now() / 1000) + 3600) => `x.${btoa(JSON.stringify({ sub: String(sub), exp }))}.y`;

describe('startEarlyRemotes', () => {
  const api = startApiServer();
  /** The page's relative URLs sent to the local server, through the real fetch. */
  const viaServer: typeof fetch = (input, init) =>
    fetch(typeof input === 'string' && input.startsWith('/') ? `${api.origin}${input}` : input, init);
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href);
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { name: 'widgets', assets: { js: { sync: ['widgets.js'] } } },
      { name: 'app', assets: { js: { sync: ['vendor.js', 'app.js'] } } },
    ],
  };

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.head.innerHTML = '';
  });

  it('should ask nothing off a remote area and home, or without a usable token', () => {
    localStorage.setItem(STORAGE_KEYS.hubToken, tokenOf(7));
    expect(startEarlyRemotes('/profile', localStorage, sessionStorage, viaServer)).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.hubToken, tokenOf(7, 1));
    expect(startEarlyRemotes('/advices', localStorage, sessionStorage, viaServer)).toBeUndefined();
    localStorage.removeItem(STORAGE_KEYS.hubToken);
    expect(startEarlyRemotes('/advices', localStorage, sessionStorage, viaServer)).toBeUndefined();
    expect(api.seen).toEqual([]);
  });

  it("should ask for the list with the stored token and the same person's display-as, and nothing of the remote", async () => {
    const entry = `${api.origin}/remotes/content/mf-manifest.json`;
    api.routes = [
      get('/api/remotes', { remotes: [{ name: 'content', entry, version: 'configured' }] }),
      get('/remotes/content/mf-manifest.json', manifest),
    ];
    const token = tokenOf(7);
    localStorage.setItem(STORAGE_KEYS.hubToken, token);
    sessionStorage.setItem(STORAGE_KEYS.displayAs, JSON.stringify({ userId: 12, includesUnpublished: false, signedInUserId: 7 }));
    const list = await startEarlyRemotes('/advices/details/3', localStorage, sessionStorage, viaServer);
    expect(list?.remotes.map((remote) => remote.name)).toEqual(['content']);
    const asked = api.requests.find((request) => request.path === '/api/remotes')!;
    expect(asked.headers.authorization).toBe(`Bearer ${token}`);
    expect(asked.headers[HEADERS.displayAsUserId.toLowerCase()]).toBe('12');
    // The manifest is the loader's to read and check before any file of the remote is asked for.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.seen).toEqual(['/api/remotes']);
    expect(preloads()).toEqual([]);
  });

  it('should ask for the list only on home', async () => {
    const entry = `${api.origin}/remotes/content/mf-manifest.json`;
    api.routes = [get('/api/remotes', { remotes: [{ name: 'content', entry, version: 'configured' }] })];
    localStorage.setItem(STORAGE_KEYS.hubToken, tokenOf(7));
    const list = await startEarlyRemotes('/home', localStorage, sessionStorage, viaServer);
    expect(list?.remotes).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.seen).toEqual(['/api/remotes']);
    expect(preloads()).toEqual([]);
  });

  it("should not send another person's display-as", async () => {
    api.routes = [get('/api/remotes', { remotes: [] })];
    localStorage.setItem(STORAGE_KEYS.hubToken, tokenOf(7));
    sessionStorage.setItem(STORAGE_KEYS.displayAs, JSON.stringify({ userId: 12, includesUnpublished: false, signedInUserId: 8 }));
    await startEarlyRemotes('/contact', localStorage, sessionStorage, viaServer);
    expect(api.requests[0]!.headers[HEADERS.displayAsUserId.toLowerCase()]).toBeUndefined();
  });

  it('should fail its promise on an error answer, and be taken once', async () => {
    api.routes = [get('/api/remotes', { statusCode: 401, error: 'Unauthorized', message: 'Invalid or expired token' }, 401)];
    localStorage.setItem(STORAGE_KEYS.hubToken, tokenOf(7));
    globalThis.__HUB_EARLY_REMOTES__ = startEarlyRemotes('/dashboards', localStorage, sessionStorage, viaServer);
    const early = takeEarlyRemotes(sessionStorage);
    expect(early?.person).toBe('own');
    await expect(early?.remotes).rejects.toThrow('GET /api/remotes answered 401');
    expect(takeEarlyRemotes(sessionStorage)).toBeUndefined();
  });
});
