import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { ProviderRecord } from '../providers/providers-repository';

/**
 * Verifies identity tokens from the providers of the identity_providers table for real:
 * the issuer's discovery document gives its jwks_uri (cached per issuer), the signature is
 * checked against those keys, and issuer, audience (the provider's client_id) and expiry too.
 */
export class IdTokenError extends Error {
  /** 401: the token is not acceptable; 502: the provider could not be asked. */
  readonly statusCode: 401 | 502;
  constructor(message: string, statusCode: 401 | 502 = 401) {
    super(message);
    this.name = 'IdTokenError';
    this.statusCode = statusCode;
  }
}

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const HTTP_TIMEOUT_MS = 5000;

export interface IdTokenVerifier {
  verify(token: string, provider: ProviderRecord): Promise<JWTPayload>;
  /** The `iss` of a token, read without trusting it (to pick the provider); null when unreadable. */
  peekIssuer(token: string): string | null;
  /** Keys of a provider living in this process (the embedded one): no HTTP round trip to ourselves. */
  useLocalKeys(issuer: string, jwks: JSONWebKeySet): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    idTokenVerifier: IdTokenVerifier;
  }
}

interface CachedKeys {
  getKey: JWTVerifyGetKey;
  expires: number;
}

function describe(error: unknown): IdTokenError {
  if (error instanceof IdTokenError) return error;
  if (error instanceof errors.JWTExpired) return new IdTokenError('Invalid OIDC token: the token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new IdTokenError('Invalid OIDC token: wrong audience');
    if (error.claim === 'iss') return new IdTokenError('Invalid OIDC token: wrong issuer');
    if (error.claim === 'nbf' || error.claim === 'iat') return new IdTokenError('Invalid OIDC token: not valid yet');
    return new IdTokenError(`Invalid OIDC token: ${error.message}`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return new IdTokenError('Invalid OIDC token: bad signature');
  if (error instanceof errors.JWKSNoMatchingKey) return new IdTokenError('Invalid OIDC token: bad signature (no matching key)');
  if (error instanceof errors.JOSEAlgNotAllowed) return new IdTokenError('Invalid OIDC token: signing algorithm not allowed');
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return new IdTokenError('The identity provider could not be reached', 502);
  }
  if (error instanceof errors.JOSEError) return new IdTokenError('Invalid OIDC token: malformed token');
  // fetch failures (connection refused, DNS) surface as TypeError.
  return new IdTokenError('The identity provider could not be reached', 502);
}

export function createIdTokenVerifier(): IdTokenVerifier {
  const local = new Map<string, JWTVerifyGetKey>();
  const remote = new Map<string, Promise<CachedKeys>>();

  async function discover(provider: ProviderRecord): Promise<CachedKeys> {
    let jwksUri = provider.jwks_uri;
    if (!jwksUri) {
      const response = await fetch(`${provider.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new IdTokenError('The identity provider could not be reached', 502);
      const document = (await response.json()) as { issuer?: string; jwks_uri?: string };
      if (document.issuer !== provider.issuer || !document.jwks_uri) {
        throw new IdTokenError('The identity provider published an unexpected discovery document', 502);
      }
      jwksUri = document.jwks_uri;
    }
    return { getKey: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: HTTP_TIMEOUT_MS }), expires: Date.now() + DISCOVERY_TTL_MS };
  }

  async function keysFor(provider: ProviderRecord): Promise<JWTVerifyGetKey> {
    const inProcess = local.get(provider.issuer);
    if (inProcess) return inProcess;
    const cacheKey = `${provider.issuer} ${provider.jwks_uri ?? ''}`;
    let entry = remote.get(cacheKey);
    if (entry) {
      const cached = await entry.catch(() => null);
      if (!cached || cached.expires < Date.now()) entry = undefined;
    }
    if (!entry) {
      entry = discover(provider);
      remote.set(cacheKey, entry);
      // A failed discovery is not cached: the next sign-in asks again.
      entry.catch(() => remote.delete(cacheKey));
    }
    return (await entry).getKey;
  }

  return {
    async verify(token, provider) {
      try {
        const getKey = await keysFor(provider);
        const { payload } = await jwtVerify(token, getKey, {
          issuer: provider.issuer,
          audience: provider.client_id,
          algorithms: ASYMMETRIC,
          requiredClaims: ['exp', 'iat', 'sub'],
          clockTolerance: 30,
        });
        return payload;
      } catch (error) {
        throw describe(error);
      }
    },
    peekIssuer(token) {
      try {
        const { iss } = decodeJwt(token);
        return typeof iss === 'string' ? iss : null;
      } catch {
        return null;
      }
    },
    useLocalKeys(issuer, jwks) {
      local.set(issuer, createLocalJWKSet(jwks));
    },
  };
}

export default fp(
  async (fastify) => {
    const verifier = createIdTokenVerifier();
    if (fastify.hasDecorator('embeddedIdp')) verifier.useLocalKeys(fastify.embeddedIdp.issuer, fastify.embeddedIdp.publicJwks);
    fastify.decorate('idTokenVerifier', verifier);
  },
  { name: 'id-token-verifier' },
);
