import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AUTH_MESSAGES } from '@hub/shared/api';
import { DB_KIND } from '../../../test-support/helper';
import { loginAs } from '../../../test-support/test-idp';
import { signedInApp } from '../../../test-support/signed-in-app';

describe(`sign-in with a company identity provider (${DB_KIND})`, () => {
  const hub = signedInApp({ resetData: false });

  const login = async (token: string, provider = hub.idp.provider.name) =>
    hub.app.inject({ method: 'POST', url: '/api/auth/login', payload: { token, provider } });

  test('should list the enabled providers in order, the default connection first', async () => {
    const response = await hub.app.inject('/api/auth/providers');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json().providers, [
      { name: 'default', label: 'Default connection', kind: 'default' },
      { name: 'test-sso', label: 'Company SSO', kind: 'company-sso' },
    ]);
  });

  test('should describe a provider by name, and answer 404 for an unknown one', async () => {
    const response = await hub.app.inject('/api/auth/provider/test-sso');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      name: 'test-sso',
      label: 'Company SSO',
      kind: 'company-sso',
      iss: hub.idp.issuer,
      client_id: hub.idp.clientId,
      authorization_endpoint: `${hub.idp.issuer}/authorize`,
      token_endpoint: `${hub.idp.issuer}/token`,
      end_session_endpoint: null,
      user_id_field: 'email',
    });
    const unknown = await hub.app.inject('/api/auth/provider/nope');
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(Object.keys(unknown.json()).sort(), ['error', 'message', 'statusCode']);
  });

  test('should exchange a valid identity token for an access token, then know the user', async () => {
    const response = await login(await hub.idp.sign({ email: 'user@northwind.test' }));
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.status, 'success');
    assert.match(body.access_token, /^[\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await hub.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${body.access_token}` } });
    assert.equal(me.statusCode, 200);
    const user = me.json();
    assert.equal(user.email, 'user@northwind.test');
    assert.equal(user.first_name, 'Nina');
    assert.deepEqual(user.rights, ['user']);
    assert.equal(user.entity.name, 'Northwind Traders');
    assert.equal(user.welcome_message, 'Your sales dashboards were refreshed this morning.');
    assert.deepEqual(
      user.contacts.map((contact: { email: string; description: string | null }) => [contact.email, typeof contact.description]),
      [['consultant@demo.test', 'string']],
    );
    assert.deepEqual(user.clients, []);
    // The demo data's discussions with her consultant: one open with his reply unread, one closed.
    assert.deepEqual([user.open_discussion_counter, user.close_discussion_counter, user.pending_message_counter], [1, 1, 1]);
    assert.deepEqual(user.pbi_groups, ['NW-Sales']);
  });

  test('should give a consultant their clients, and match the email case-insensitively', async () => {
    const token = await loginAs(hub.app, hub.idp, 'Consultant@Demo.TEST');
    const user = (await hub.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } })).json();
    assert.equal(user.contact_enable, true);
    assert.deepEqual(user.clients.map((client: { first_name: string }) => client.first_name).sort(), ['Carl', 'Nina']);
    assert.equal(user.entity, null);
  });

  test('should refuse a token signed by another key', async () => {
    const response = await login(await hub.idp.sign({ email: 'user@northwind.test' }, { key: hub.idp.otherKey }));
    assert.equal(response.statusCode, 401);
    assert.match(response.json().message, /signature/);
  });

  test('should refuse a token for another audience', async () => {
    const response = await login(await hub.idp.sign({ email: 'user@northwind.test' }, { audience: 'someone-else' }));
    assert.equal(response.statusCode, 401);
    assert.match(response.json().message, /audience/);
  });

  test('should refuse an expired token', async () => {
    const response = await login(await hub.idp.sign({ email: 'user@northwind.test' }, { expired: true }));
    assert.equal(response.statusCode, 401);
    assert.match(response.json().message, /expired/);
  });

  test('should refuse a token from another issuer than the named provider', async () => {
    const response = await login(await hub.idp.sign({ email: 'user@northwind.test' }, { issuer: 'https://evil.example.com' }));
    assert.equal(response.statusCode, 401);
  });

  test('should refuse a token without the email claim, with the catalogue message', async () => {
    const response = await login(await hub.idp.sign({ sub: 'abc-123' }));
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { statusCode: 401, error: 'Unauthorized', message: 'Invalid OIDC token, no email provided' });
    assert.equal(response.json().message, AUTH_MESSAGES.noEmail);
  });

  test('should answer 403 with the catalogue message for an unknown user', async () => {
    const response = await login(await hub.idp.sign({ email: 'stranger@nowhere.test' }));
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().message, 'Login failed ! Please contact an administrator.');
  });

  test('should answer 400 for an unknown provider and for a missing token', async () => {
    assert.equal((await login(await hub.idp.sign({ email: 'user@northwind.test' }), 'nope')).statusCode, 400);
    const missing = await hub.app.inject({ method: 'POST', url: '/api/auth/login', payload: { provider: 'test-sso' } });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.json().message, /token/);
  });

  test('should answer 401 on /api/auth/user without a token or with a forged one', async () => {
    const none = await hub.app.inject('/api/auth/user');
    assert.equal(none.statusCode, 401);
    assert.deepEqual(Object.keys(none.json()).sort(), ['error', 'message', 'statusCode']);
    const forged = await hub.app.inject({ url: '/api/auth/user', headers: { authorization: 'Bearer abc.def.ghi' } });
    assert.equal(forged.statusCode, 401);
  });

  test('should keep the hub and file-exchange tokens apart', async () => {
    const idToken = await hub.idp.sign({ email: 'user@contoso.test' });
    const files = await hub.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { token: idToken } });
    assert.equal(files.statusCode, 200);
    const filesToken = files.json().access_token as string;
    const hubToken = await loginAs(hub.app, hub.idp, 'user@contoso.test');
    assert.notEqual(filesToken, hubToken);

    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    assert.equal((await hub.app.inject({ url: '/api/auth/user', headers: bearer(filesToken) })).statusCode, 401);
    assert.equal((await hub.app.inject({ url: '/api/v2/entities', headers: bearer(hubToken) })).statusCode, 401);

    const entities = await hub.app.inject({ url: '/api/v2/entities', headers: bearer(filesToken) });
    assert.equal(entities.statusCode, 200);
    assert.deepEqual(
      entities.json().items.map((entity: { name: string; url: string }) => [entity.name, entity.url]),
      [['Contoso', 'http://localhost:8080/api/v2/entity/contoso/collections']],
    );
  });

  test('should verify file-exchange sign-ins too, finding the provider by issuer', async () => {
    const post = async (token: string) => hub.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { token } });
    assert.equal((await post(await hub.idp.sign({ email: 'user@contoso.test' }, { key: hub.idp.otherKey }))).statusCode, 401);
    assert.equal(
      (await post(await hub.idp.sign({ email: 'user@contoso.test' }, { issuer: 'https://unknown.example.com' }))).statusCode,
      401,
    );
    assert.equal((await post('not-a-jwt')).statusCode, 401);
    assert.equal((await post(await hub.idp.sign({ email: 'stranger@nowhere.test' }))).statusCode, 403);
  });
});
