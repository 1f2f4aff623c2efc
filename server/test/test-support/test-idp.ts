import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import type { ProviderRecord } from '../../src/plugins/app/providers/providers-repository';

/**
 * A stand-in for a company's identity provider: its own RSA key, its discovery document and JWKS
 * served over HTTP on 127.0.0.1, and a signer for identity tokens. The server under test knows it
 * only as a row of identity_providers, exactly as it would know a real one.
 */
export interface TestIdp {
  issuer: string;
  clientId: string;
  provider: ProviderRecord;
  sign(
    claims: JWTPayload,
    options?: { audience?: string; issuer?: string; expired?: boolean; key?: CryptoKey; kid?: string },
  ): Promise<string>;
  /** A key the provider never published: tokens signed with it must be refused. */
  otherKey: CryptoKey;
  register(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

/** The providers started and not closed yet (closeLeftoverIdps). */
const open = new Set<Server>();

function closeServer(server: Server): Promise<void> {
  open.delete(server);
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Closes the providers a test file left open, and says how many: run-files.ts calls it between
 * files, so that one file's leak neither outlives it nor keeps the pass's process alive.
 */
export async function closeLeftoverIdps(): Promise<number> {
  const left = [...open];
  await Promise.all(left.map(closeServer));
  return left.length;
}

export async function startTestIdp(name = 'test-sso'): Promise<TestIdp> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const kid = 'test-key-1';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((request, response) => {
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration') {
      return send({
        issuer,
        jwks_uri: `${issuer}/jwks`,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (request.url === '/jwks') return send({ keys: [jwk] });
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.add(server);
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'hub-company-client';
  const provider: ProviderRecord = {
    name,
    label: 'Company SSO',
    kind: 'company-sso',
    issuer,
    client_id: clientId,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    end_session_endpoint: null,
    jwks_uri: null,
    user_id_field: 'email',
    enabled: true,
    position: 10,
  };
  return {
    issuer,
    clientId,
    provider,
    otherKey: other.privateKey,
    sign(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? clientId)
        .setSubject(String(claims.sub ?? claims.email ?? 'someone'))
        .setIssuedAt(options.expired ? now - 7200 : now)
        .setExpirationTime(options.expired ? now - 3600 : now + 300);
      return jwt.sign(options.key ?? privateKey);
    },
    register: (app) => app.providersRepository.upsert(provider),
    close: () => closeServer(server),
  };
}

/** Signs in as `email` through the test provider: the access token of the hub API. */
export async function loginAs(app: FastifyInstance, idp: TestIdp, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { token: await idp.sign({ email }), provider: idp.provider.name },
  });
  if (response.statusCode !== 200) throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json().access_token as string;
}
