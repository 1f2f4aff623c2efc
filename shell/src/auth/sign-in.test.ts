import { ApiError } from '@hub/shared/api';
import { makeUser } from '@hub/shared/remote';
import { route, startApiServer, type Route } from '@hub/shared/test-support';
import { createShellApis } from '../session/api-clients';
import { createSessionStore } from '../session/session-store';
import { completeSignIn, signInFailureMessage } from './sign-in';

const api = startApiServer();
let refuseEmail = false;
/** The body last posted to `url`. */
const posted = (url: string) => api.requests.filter((request) => request.method === 'POST' && request.url === url).at(-1)?.body;

const login: Route = (_req, request) =>
  request.url === '/api/auth/login' && refuseEmail
    ? { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid OIDC token, no email provided' } }
    : undefined;
// The hub token alone opens /api/auth/user.
const user: Route = (_req, request) => {
  if (request.url !== '/api/auth/user') return undefined;
  return request.headers.authorization === 'Bearer hub-access'
    ? { status: 200, body: makeUser({ first_name: 'Carl' }) }
    : { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'no' } };
};

beforeEach(() => {
  api.routes = [
    login,
    route('POST', '/api/auth/login', { status: 'success', access_token: 'hub-access' }),
    route('POST', '/api/v2/auth/login', { status: 'success', access_token: 'files-access' }),
    user,
  ];
  localStorage.clear();
  refuseEmail = false;
});

function setUp() {
  const session = createSessionStore();
  const navigations: string[] = [];
  const apis = createShellApis({ session, origin: api.origin, navigate: (to) => navigations.push(to), notify: () => undefined });
  return { session, apis, navigations };
}

describe('completeSignIn', () => {
  it('should exchange the id_token for both API tokens, keep them apart and load the user', async () => {
    const { session, apis } = setUp();
    const user = await completeSignIn({ oidcUser: { id_token: 'the-id-token' }, provider: 'default', session, ...apis });
    expect(user.first_name).toBe('Carl');
    expect(posted('/api/auth/login')).toEqual({ token: 'the-id-token', provider: 'default' });
    expect(posted('/api/v2/auth/login')).toEqual({ token: 'the-id-token' });
    expect(localStorage.getItem('hub.token.api')).toBe('hub-access');
    expect(localStorage.getItem('hub.token.files')).toBe('files-access');
    expect(session.isAuthenticated()).toBe(true);
  });

  it('should fail with the messages of docs/product.md §5 when the identity client has no user or no id_token', async () => {
    const { session, apis } = setUp();
    await expect(completeSignIn({ oidcUser: null, provider: 'default', session, ...apis })).rejects.toThrow('No user found in Oidc.');
    await expect(completeSignIn({ oidcUser: {}, provider: 'default', session, ...apis })).rejects.toThrow('no id_token in oidcUser');
    expect(localStorage.getItem('hub.token.api')).toBeNull();
  });

  it("should keep the server's message for a profile without email and use the catalogue's otherwise", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session, apis } = setUp();
    refuseEmail = true;
    const failure = await completeSignIn({ oidcUser: { id_token: 'x' }, provider: 'default', session, ...apis }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(signInFailureMessage(failure, 'Login failed ! Please contact an administrator.')).toBe('Invalid OIDC token, no email provided');
    expect(signInFailureMessage(new Error('network'), 'Login failed ! Please contact an administrator.')).toBe(
      'Login failed ! Please contact an administrator.',
    );
    expect(session.isAuthenticated()).toBe(false);
    warn.mockRestore();
  });
});
