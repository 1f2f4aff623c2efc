import { ApiError } from '@hub/shared/api';
import { makeUser } from '@hub/shared/remote';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createShellApis } from '../session/api-clients';
import { createSessionStore } from '../session/session-store';
import { completeSignIn, signInFailureMessage } from './sign-in';

let server: Server;
let origin: string;
let refuseEmail = false;
const bodies: Record<string, unknown> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.method === 'POST') bodies[req.url!] = JSON.parse(body);
      if (req.url === '/api/auth/login' && refuseEmail) {
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid OIDC token, no email provided' });
      }
      if (req.url === '/api/auth/login') return json(200, { status: 'success', access_token: 'hub-access' });
      if (req.url === '/api/v2/auth/login') return json(200, { status: 'success', access_token: 'files-access' });
      if (req.url === '/api/auth/user') {
        const ok = req.headers.authorization === 'Bearer hub-access';
        return ok ? json(200, makeUser({ first_name: 'Carl' })) : json(401, { statusCode: 401, error: 'Unauthorized', message: 'no' });
      }
      return json(404, { statusCode: 404, error: 'Not Found', message: 'no' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  localStorage.clear();
  refuseEmail = false;
});

function setUp() {
  const session = createSessionStore();
  const navigations: string[] = [];
  const apis = createShellApis({ session, origin, navigate: (to) => navigations.push(to), notify: () => undefined });
  return { session, apis, navigations };
}

describe('completeSignIn', () => {
  it('should exchange the id_token for both API tokens, keep them apart and load the user', async () => {
    const { session, apis } = setUp();
    const user = await completeSignIn({ oidcUser: { id_token: 'the-id-token' }, provider: 'default', session, ...apis });
    expect(user.first_name).toBe('Carl');
    expect(bodies['/api/auth/login']).toEqual({ token: 'the-id-token', provider: 'default' });
    expect(bodies['/api/v2/auth/login']).toEqual({ token: 'the-id-token' });
    expect(localStorage.getItem('hub.token.api')).toBe('hub-access');
    expect(localStorage.getItem('hub.token.files')).toBe('files-access');
    expect(session.isAuthenticated()).toBe(true);
  });

  it('should fail with the messages of SPEC §5 when the identity client has no user or no id_token', async () => {
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
