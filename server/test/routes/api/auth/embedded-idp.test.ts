// @one-pass: the identity provider keeps its state apart from the database rules tested elsewhere.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { build, DB_KIND, testDb } from '../../../test-support/helper';
import { browse, CookieJar, freePort, pkcePair } from '../../../test-support/oidc-client';

/**
 * The embedded provider for real: the app listens on 127.0.0.1 with PUBLIC_URL set to that address,
 * and fetch plays the browser through the authorization-code flow with PKCE.
 */
describe(`the embedded OpenID provider (${DB_KIND})`, () => {
  let app: FastifyInstance;
  let origin: string;
  let issuer: string;
  const redirectUri = () => `${origin}/login`;

  before(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    issuer = `${origin}/idp`;
    app = await build({ publicUrl: origin, port });
    await app.listen({ port, host: '127.0.0.1' });
  });

  /** The query of the portal's authorization request (code flow with PKCE). */
  const authorizeQuery = (challenge: string, extra: Record<string, string>) =>
    new URLSearchParams({
      client_id: 'hub-portal',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri(),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    });

  /** GET /idp/auth → the interaction page; returns its address, the jar and the PKCE verifier. */
  async function startSignIn(jar: CookieJar) {
    const { verifier, challenge } = pkcePair();
    const query = authorizeQuery(challenge, { state: 'state-123', nonce: 'nonce-456' });
    const authorize = await browse(jar, `${issuer}/auth?${query}`);
    assert.equal(authorize.status, 303);
    const interaction = new URL(authorize.headers.get('location')!, origin).href;
    assert.match(interaction, /\/idp\/interaction\/[\w-]+$/);
    return { interaction, verifier };
  }

  /** Follows redirects until the provider sends the browser back to the portal's /login. */
  async function followToPortal(jar: CookieJar, response: Response): Promise<URL> {
    for (let hop = 0; hop < 10; hop += 1) {
      assert.ok([302, 303].includes(response.status), `expected a redirect, got ${response.status}: ${await response.text()}`);
      const location = new URL(response.headers.get('location')!, origin);
      if (location.href.startsWith(redirectUri())) return location;
      response = await browse(jar, location.href);
    }
    throw new Error('too many redirects');
  }

  async function signIn(email: string, password: string) {
    const jar = new CookieJar();
    const { interaction, verifier } = await startSignIn(jar);
    const posted = await browse(jar, `${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    const back = await followToPortal(jar, posted);
    assert.equal(back.searchParams.get('state'), 'state-123');
    assert.equal(back.searchParams.get('iss'), issuer);
    const code = back.searchParams.get('code');
    assert.ok(code, 'an authorization code');
    const token = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri(),
        client_id: 'hub-portal',
        code_verifier: verifier,
      }),
    });
    assert.equal(token.status, 200, await token.clone().text());
    return { jar, tokens: (await token.json()) as { id_token: string; access_token: string; refresh_token?: string } };
  }

  test('should publish its discovery document with the issuer under PUBLIC_URL', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    assert.equal(response.status, 200);
    const discovery = await response.json();
    assert.equal(discovery.issuer, issuer);
    assert.equal(discovery.authorization_endpoint, `${issuer}/auth`);
    assert.equal(discovery.token_endpoint, `${issuer}/token`);
    assert.deepEqual(discovery.code_challenge_methods_supported, ['S256']);
    const keys = await (await fetch(discovery.jwks_uri)).json();
    assert.equal(keys.keys[0].kty, 'RSA');
    assert.equal(keys.keys[0].d, undefined, 'no private key material');
  });

  test('should describe itself as the default provider of the sign-in page', async () => {
    const provider = (await app.inject('/api/auth/provider/default')).json();
    assert.equal(provider.iss, issuer);
    assert.equal(provider.client_id, 'hub-portal');
    assert.equal(provider.authorization_endpoint, `${issuer}/auth`);
    assert.equal(provider.end_session_endpoint, `${issuer}/session/end`);
  });

  test('should show its own accessible sign-in page, without outside resources', async () => {
    const jar = new CookieJar();
    const { interaction } = await startSignIn(jar);
    const page = await browse(jar, interaction);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type')!, /text\/html/);
    const html = await page.text();
    assert.match(html, /<label for="email">Email<\/label>/);
    assert.match(html, /<input id="email" name="email" type="email" autocomplete="username"/);
    assert.match(html, /<label for="password">Password<\/label>/);
    assert.match(html, /<input id="password" name="password" type="password"/);
    assert.match(html, /<button type="submit">Sign in<\/button>/);
    assert.match(html, /user@northwind\.test/);
    assert.match(html, /name="viewport"/);
    assert.doesNotMatch(html, /https?:\/\/(?!127\.0\.0\.1)/, 'no outside resources');
    assert.match(page.headers.get('content-security-policy')!, /form-action 'self'/);
  });

  test('should re-render the form with 401 on a wrong password', async () => {
    const jar = new CookieJar();
    const { interaction } = await startSignIn(jar);
    const response = await browse(jar, `${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'user@northwind.test', password: 'wrong' }).toString(),
    });
    assert.equal(response.status, 401);
    const html = await response.text();
    assert.match(html, /Invalid email or password\./);
    assert.match(html, /value="user@northwind\.test"/);
    assert.match(html, /Sign in<\/button>/);
  });

  test('should run the code flow with PKCE, and its id_token should sign in to the hub API', async () => {
    const { tokens } = await signIn('user@northwind.test', 'demo');
    const claims = decodeJwt(tokens.id_token);
    assert.equal(claims.iss, issuer);
    assert.equal(claims.aud, 'hub-portal');
    assert.equal(claims.email, 'user@northwind.test');
    assert.equal(claims.name, 'Nina North');
    assert.equal(claims.given_name, 'Nina');
    assert.equal(claims.family_name, 'North');
    assert.equal(claims.nonce, 'nonce-456');
    assert.ok(tokens.refresh_token, 'a refresh token for silent renewal without iframes');
    // Kept in the database, not in memory: a restart does not sign anyone out.
    const stored = await (await testDb()).query<{ model: string }>(`SELECT DISTINCT model FROM idp_store ORDER BY model`);
    assert.ok(['Grant', 'RefreshToken', 'Session'].every((model) => stored.rows.some((row) => row.model === model)));

    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { token: tokens.id_token, provider: 'default' } });
    assert.equal(login.statusCode, 200, login.body);
    const me = await app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${login.json().access_token}` } });
    assert.equal(me.json().email, 'user@northwind.test');

    const files = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { token: tokens.id_token } });
    assert.equal(files.statusCode, 200, files.body);

    const renewed = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'hub-portal' }),
    });
    assert.equal(renewed.status, 200);
    assert.equal(decodeJwt((await renewed.json()).id_token).email, 'user@northwind.test');
  });

  test('should send a signed-in user straight back, without a consent page, and sign out without a question', async () => {
    const { jar, tokens } = await signIn('admin@demo.test', 'demo');
    // A second sign-in in the same browser: the provider session is reused.
    const again = await startSignInWithSession(jar);
    assert.ok(again.searchParams.get('code'));

    const end = await browse(
      jar,
      `${issuer}/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: redirectUri(), client_id: 'hub-portal' })}`,
    );
    assert.equal(end.status, 200);
    const html = await end.text();
    assert.match(html, /<script>document\.getElementById\('op\.logoutForm'\)\.submit\(\);<\/script>/);
    assert.match(html, /name="logout" value="yes"/);
    const csp = end.headers.get('content-security-policy')!;
    assert.match(csp, /script-src 'sha256-/);
    // What the auto-submitting script posts: the form's fields.
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await browse(jar, new URL(action, origin).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    const landed = await followToPortal(jar, confirmed);
    assert.equal(landed.origin + landed.pathname, redirectUri());

    // Signed out: the next authorization asks for credentials again.
    const fresh = await startSignIn(jar);
    assert.match(fresh.interaction, /\/interaction\//);
  });

  async function startSignInWithSession(jar: CookieJar): Promise<URL> {
    const { challenge } = pkcePair();
    const query = authorizeQuery(challenge, { state: 'again' });
    return followToPortal(jar, await browse(jar, `${issuer}/auth?${query}`));
  }
});
