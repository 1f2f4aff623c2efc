import { createApiClient, STORAGE_KEYS } from '@hub/shared/api';
import { route, startApiServer } from '@hub/shared/test-support';
import { createSessionStore } from '../session/session-store';
import { SIGNED_OUT_FLAG, signOut, takeSignedOutFlag } from './sign-out';

const api = startApiServer();
let endSession: string | null = 'https://idp.example.test/idp/session/end';
// Read on each call: a test may take the end-session endpoint away.
const defaultProvider = () => ({
  name: 'default',
  label: 'Default connection',
  kind: 'default',
  iss: 'https://idp.example.test/idp',
  client_id: 'hub-portal',
  authorization_endpoint: 'https://idp.example.test/idp/auth',
  token_endpoint: 'https://idp.example.test/idp/token',
  end_session_endpoint: endSession,
  user_id_field: 'email',
});
beforeEach(() => {
  api.routes = [route('GET', '/api/auth/provider/default', defaultProvider), route('POST', '/api/auth/logout', null, 204)];
  localStorage.clear();
  sessionStorage.clear();
  endSession = 'https://idp.example.test/idp/session/end';
});

function signedIn(provider = 'default') {
  localStorage.setItem(STORAGE_KEYS.hubToken, 'hub-token');
  localStorage.setItem(STORAGE_KEYS.filesToken, 'files-token');
  localStorage.setItem(STORAGE_KEYS.selectedEntity, '3');
  localStorage.setItem(STORAGE_KEYS.providerName, provider);
  localStorage.setItem('oidc.user:https://idp.example.test/idp:hub-portal', JSON.stringify({ id_token: 'the-id-token' }));
  return createSessionStore();
}

const authApi = () => createApiClient({ baseUrl: api.apiBase, getToken: () => null });

describe('signOut', () => {
  it("should forget every token and end the provider's session, coming back to /login with our state", async () => {
    const session = signedIn();
    const left: string[] = [];
    await signOut({ session, authApi: authApi(), origin: 'http://portal.test', leave: (url) => left.push(url) });

    for (const key of [STORAGE_KEYS.hubToken, STORAGE_KEYS.filesToken, STORAGE_KEYS.selectedEntity, STORAGE_KEYS.providerName]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(Object.keys(localStorage).filter((key) => key.startsWith('oidc.'))).toEqual([]);
    expect(left).toHaveLength(1);
    const url = new URL(left[0]!);
    expect(url.origin + url.pathname).toBe('https://idp.example.test/idp/session/end');
    expect(url.searchParams.get('id_token_hint')).toBe('the-id-token');
    expect(url.searchParams.get('client_id')).toBe('hub-portal');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://portal.test/login');
    expect(url.searchParams.get('state')).toBe('signed-out');
    expect(sessionStorage.getItem(SIGNED_OUT_FLAG)).toBeNull();
  });

  it('should ask the server to end the sessions with the hub token before leaving for the provider', async () => {
    const session = signedIn();
    const left: string[] = [];
    await signOut({
      session,
      authApi: authApi(),
      origin: 'http://portal.test',
      leave: (url) => {
        // By the time the browser leaves, the server has been told.
        expect(api.requests.some((request) => request.method === 'POST' && request.path === '/api/auth/logout')).toBe(true);
        left.push(url);
      },
    });
    const logout = api.requests.find((request) => request.path === '/api/auth/logout');
    expect(logout?.headers.authorization).toBe('Bearer hub-token');
    expect(left).toHaveLength(1);
  });

  it('should still sign out locally when the server cannot end the sessions', async () => {
    api.routes = [route('GET', '/api/auth/provider/default', defaultProvider), route('POST', '/api/auth/logout', { message: 'down' }, 503)];
    const session = signedIn();
    const left: string[] = [];
    await signOut({ session, authApi: authApi(), origin: 'http://portal.test', leave: (url) => left.push(url) });
    expect(localStorage.getItem(STORAGE_KEYS.hubToken)).toBeNull();
    expect(left).toHaveLength(1);
  });

  it('should sign out locally, with the toast flag, when the provider has no end-session endpoint', async () => {
    endSession = null;
    const session = signedIn();
    const left: string[] = [];
    await signOut({ session, authApi: authApi(), leave: (url) => left.push(url) });
    expect(left).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.hubToken)).toBeNull();
    expect(sessionStorage.getItem(SIGNED_OUT_FLAG)).toBe('1');
  });

  it('should still sign out locally when the provider cannot be described', async () => {
    const session = signedIn('gone');
    const left: string[] = [];
    await signOut({ session, authApi: authApi(), leave: (url) => left.push(url) });
    expect(left).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.hubToken)).toBeNull();
    expect(sessionStorage.getItem(SIGNED_OUT_FLAG)).toBe('1');
  });
});

describe('takeSignedOutFlag', () => {
  it("should be true once after a local sign-out, and on the provider's return with our state", () => {
    sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
    expect(takeSignedOutFlag('')).toBe(true);
    expect(takeSignedOutFlag('')).toBe(false);
    expect(takeSignedOutFlag('?state=signed-out')).toBe(true);
    expect(takeSignedOutFlag('?code=abc&state=xyz')).toBe(false);
  });
});
