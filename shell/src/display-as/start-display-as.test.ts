import { makeUser } from '@hub/shared/remote';
import { get, route, startApiServer } from '@hub/shared/test-support';
import type { Notification } from '@hub/shared/remote';
import { createShellServices, type ShellServices } from '../shell-services';
import { startDisplayAs } from './start-display-as';

const server = startApiServer();
const admin = makeUser({ id: 1, first_name: 'Ada', rights: ['administrator'] });
const nina = makeUser({ id: 5, first_name: 'Nina', last_name: 'North', rights: ['user'] });

/** The hub API as the server answers it: /auth/user answers the displayed user when the header asks. */
const profile = get('/api/auth/user', (request: { headers: Record<string, unknown> }) =>
  request.headers['display-as-user-id'] === '5' ? nina : admin,
);

function setUp(): { services: ShellServices; notifications: Notification[] } {
  const notifications: Notification[] = [];
  const services = createShellServices({ language: 'en', origin: server.origin, remoteLoader: () => Promise.reject(new Error('unused')) });
  services.snackbar.subscribe((notification) => notifications.push(notification));
  services.session.setTokens({ hub: 'hub-token', files: 'files-token' });
  services.session.setUser(admin);
  return { services, notifications };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('startDisplayAs', () => {
  it('should start only when the check answers success, then send Display-As-User-Id on every call', async () => {
    server.routes = [
      route('POST', '/api/auth/check-display-as', { status: 'success', display_as_user: { id: 5 } }),
      profile,
      get('/api/advices', {}),
    ];
    const { services } = setUp();

    await expect(startDisplayAs(services, 5, false)).resolves.toBe(true);
    expect(server.requests[0]!.body).toEqual({ display_as_user_id: 5 });
    expect(services.session.getState()).toMatchObject({
      user: admin,
      displayedUser: nina,
      displayAs: { userId: 5, includesUnpublished: false },
    });
    await services.apis.api.get('/advices');
    expect(server.requests.at(-1)!.headers['display-as-user-id']).toBe('5');
    expect(server.requests.at(-1)!.url).toBe('/api/advices');
  });

  it.each([
    ['a refusal (403)', route('POST', '/api/auth/check-display-as', { statusCode: 403, error: 'Forbidden', message: 'no' }, 403)],
    ['an answer that is not success', route('POST', '/api/auth/check-display-as', { status: 'failure', display_as_user: { id: 5 } })],
    ['a server error', route('POST', '/api/auth/check-display-as', { statusCode: 500, error: 'E', message: 'down' }, 500)],
  ])('should fail silently on %s: no toast, nothing changed', async (_case, check) => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes = [check, profile];
    const { services, notifications } = setUp();
    const before = services.session.getState();

    await expect(startDisplayAs(services, 5, true)).resolves.toBe(false);
    expect(services.session.getState()).toBe(before);
    expect(notifications).toEqual([]);
    expect(sessionStorage.getItem('hub.display-as')).toBeNull();
    expect(server.seen).not.toContain('/api/auth/user');
    log.mockRestore();
  });

  it('should ask the content lists for unpublished content in the unpublished mode only', async () => {
    server.routes = [
      route('POST', '/api/auth/check-display-as', { status: 'success', display_as_user: { id: 5 } }),
      profile,
      get('/api/advices', {}),
      get('/api/news-items', {}),
      get('/api/advices/3', {}),
    ];
    const { services } = setUp();
    await startDisplayAs(services, 5, true);
    await services.apis.api.get('/advices', { page: 2 });
    await services.apis.api.get('/news-items');
    await services.apis.api.get('/advices/3');
    services.session.stopDisplayAs();
    await services.apis.api.get('/advices');
    expect(server.seen.slice(-4)).toEqual([
      '/api/advices?page=2&includes_unpublished=true',
      '/api/news-items?includes_unpublished=true',
      '/api/advices/3',
      '/api/advices',
    ]);
  });
});

describe('display-as over a reload', () => {
  it('should resume in the same tab for the person who started it, and load them in their own name first', async () => {
    server.routes = [route('POST', '/api/auth/check-display-as', { status: 'success', display_as_user: { id: 5 } }), profile];
    const { services } = setUp();
    await startDisplayAs(services, 5, false);

    // A reload: new services on the same storage, the stored token, the user loaded again.
    const reloaded = createShellServices({
      language: 'en',
      origin: server.origin,
      remoteLoader: () => Promise.reject(new Error('unused')),
    });
    expect(reloaded.session.getState().displayAs).toBeNull();
    await reloaded.reloadUser();
    const own = server.requests.filter((request) => request.path === '/api/auth/user').at(-2)!;
    expect(own.headers['display-as-user-id']).toBeUndefined();
    expect(reloaded.session.getState()).toMatchObject({ user: admin, displayedUser: nina, displayAs: { userId: 5 } });
  });

  it('should not apply a stored display-as to another signed-in person, and forget it', async () => {
    const other = makeUser({ id: 9, first_name: 'Otto', rights: ['administrator'] });
    sessionStorage.setItem('hub.display-as', JSON.stringify({ userId: 5, includesUnpublished: false, signedInUserId: 1 }));
    server.routes = [get('/api/auth/user', other)];
    const services = createShellServices({
      language: 'en',
      origin: server.origin,
      remoteLoader: () => Promise.reject(new Error('unused')),
    });
    services.session.setTokens({ hub: 'hub-token', files: 'files-token' });

    await services.reloadUser();
    expect(services.session.getState()).toMatchObject({ user: other, displayedUser: other, displayAs: null });
    expect(server.requests.every((request) => request.headers['display-as-user-id'] === undefined)).toBe(true);
    expect(sessionStorage.getItem('hub.display-as')).toBeNull();
  });

  it('should end at sign-out', async () => {
    server.routes = [route('POST', '/api/auth/check-display-as', { status: 'success', display_as_user: { id: 5 } }), profile];
    const { services } = setUp();
    await startDisplayAs(services, 5, false);
    services.session.signOut();
    expect(services.session.getState().displayAs).toBeNull();
    expect(sessionStorage.getItem('hub.display-as')).toBeNull();
  });
});
