import { makeUser } from '@hub/shared/remote';
import type { Notification } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { createShellApis } from './api-clients';
import { createSessionStore } from './session-store';

const api = startApiServer();
// Answers any call with the status asked for in the query, 200 by default.
const anyCall: Route = (_req, request) => {
  const status = Number(new URL(request.url, 'http://x').searchParams.get('status') ?? 200);
  return { status, body: status >= 400 ? { statusCode: status, error: 'E', message: 'server says no' } : { ok: true } };
};

beforeEach(() => {
  api.routes = [anyCall];
  localStorage.clear();
});

function setUp(path = '/home') {
  const session = createSessionStore();
  const navigations: string[] = [];
  const notifications: Notification[] = [];
  const apis = createShellApis({
    session,
    origin: api.origin,
    navigate: (to) => navigations.push(to),
    notify: (notification) => notifications.push(notification),
    currentPath: () => path,
  });
  session.setTokens({ hub: 'hub-token', files: 'files-token' });
  return { session, apis, navigations, notifications };
}

describe('the shell API clients', () => {
  it('should send the hub token, and X-Entity-ID only for a contributor or more with a selected entity', async () => {
    const { session, apis } = setUp();
    session.setSelectedEntity(7);

    session.setUser(makeUser({ rights: ['user'] }));
    await apis.api.get('/advices');
    session.setUser(makeUser({ rights: ['contributor'] }));
    await apis.api.get('/advices');
    session.setSelectedEntity(null);
    await apis.api.get('/advices');

    expect(api.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer hub-token',
      'Bearer hub-token',
      'Bearer hub-token',
    ]);
    expect(api.requests.map((request) => request.headers['x-entity-id'])).toEqual([undefined, '7', undefined]);
  });

  it('should send Display-As-User-Id while display-as is active, and take the displayed user for the entity rule', async () => {
    const { session, apis } = setUp();
    session.setUser(makeUser({ id: 1, rights: ['administrator'] }));
    session.setSelectedEntity(3);
    session.startDisplayAs({ userId: 42, includesUnpublished: false }, makeUser({ id: 42, rights: ['user'] }));
    await apis.api.get('/advices');
    session.stopDisplayAs();
    await apis.api.get('/advices');

    expect(api.requests[0]!.headers['display-as-user-id']).toBe('42');
    expect(api.requests[0]!.headers['x-entity-id']).toBeUndefined();
    expect(api.requests[1]!.headers['display-as-user-id']).toBeUndefined();
    expect(api.requests[1]!.headers['x-entity-id']).toBe('3');
  });

  it('should mark admin calls made from the main admin area, and use the files token on the file-exchange API', async () => {
    const inAdmin = setUp('/admin/news-items');
    await inAdmin.apis.adminApi.get('/advices');
    const inEntityAdmin = setUp('/entity/admin/advices');
    await inEntityAdmin.apis.adminApi.get('/advices');
    await inEntityAdmin.apis.filesApi.get('/entities');

    expect(api.requests[0]!.url).toBe('/api/admin/advices');
    expect(api.requests[0]!.headers['main-admin-page']).toBe('true');
    expect(api.requests[1]!.headers['main-admin-page']).toBe('false');
    expect(api.requests[2]!.url).toBe('/api/v2/entities');
    expect(api.requests[2]!.headers.authorization).toBe('Bearer files-token');
  });

  it('should clear the user and both tokens and go to /login on a 401', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session, apis, navigations, notifications } = setUp();
    session.setUser(makeUser());
    session.setSelectedEntity(5);
    await expect(apis.api.get('/auth/user', { status: 401 })).rejects.toMatchObject({ status: 401 });

    expect(session.getState().user).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
    expect(localStorage.getItem('hub.token.api')).toBeNull();
    expect(localStorage.getItem('hub.token.files')).toBeNull();
    expect(navigations).toEqual(['/login']);
    expect(notifications).toEqual([]);
    warn.mockRestore();
  });

  it('should show the status toast of the error catalogue for other failures', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { apis, notifications, navigations } = setUp();
    await expect(apis.api.get('/advices', { status: 500 })).rejects.toMatchObject({ status: 500 });
    await expect(apis.filesApi.get('/entities', { status: 403 })).rejects.toMatchObject({ status: 403 });
    expect(notifications).toEqual([
      { kind: 'error', message: 'Error 500 : Internal Server Error' },
      { kind: 'error', message: 'Error 403 : Forbidden' },
    ]);
    expect(navigations).toEqual([]);
    log.mockRestore();
  });

  it('should make public sign-in calls without a token', async () => {
    const { apis } = setUp();
    await apis.authApi.get('/auth/providers');
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
  });
});
