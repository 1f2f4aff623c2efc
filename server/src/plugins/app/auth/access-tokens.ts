import fp from 'fastify-plugin';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The portal's own access tokens: HS256 JWTs signed with SESSION_SECRET, one audience per API,
 * so a file-exchange token is refused by the hub API and the other way round. Stateless, so
 * several server processes can share the load. Each carries the user's token version (`tv`,
 * users.token_version at sign-in): sign-out, deletion or an administrator's "end sessions" bump
 * the version in the database, and the session guard, which reads the user row on every call
 * anyway, refuses a token whose version is no longer the user's — on every process at once.
 */
export const AUDIENCES = { hub: 'hub-api', files: 'files-api' } as const;
export type Audience = (typeof AUDIENCES)[keyof typeof AUDIENCES];

const ISSUER = 'urn:client-hub:server';
export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export interface VerifiedToken {
  userId: number;
  /** The user's token version when the token was issued (0 for a token without the claim). */
  tokenVersion: number;
}

export interface AccessTokens {
  issue(userId: number, audience: Audience, tokenVersion?: number): Promise<string>;
  /** The user id the token was issued to, or null when it is invalid, expired or for another API. */
  verify(token: string, audience: Audience): Promise<number | null>;
  /** The user id and token version, or null when it is invalid, expired or for another API. */
  verifyClaims(token: string, audience: Audience): Promise<VerifiedToken | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
  }
}

/** How many verified tokens are remembered (a few hundred bytes each). */
const VERIFIED_MAX = 10_000;

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // Checking the signature is a WebCrypto job: the largest item of an API call's CPU profile under
  // load (bench/advices.ts), and a browser sends the same token on every call for hours. A token
  // that verified is remembered with its expiry, checked again on each use; the session guard
  // still reads the user and their rights on every call.
  const verified = new Map<string, VerifiedToken & { exp: number }>();
  const verifyClaims = async (token: string, audience: Audience): Promise<VerifiedToken | null> => {
    const cacheKey = `${audience} ${token}`;
    const known = verified.get(cacheKey);
    if (known) {
      if (known.exp > Date.now() / 1000) return { userId: known.userId, tokenVersion: known.tokenVersion };
      verified.delete(cacheKey);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp'],
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || id <= 0) return null;
      const tokenVersion = payload.tv ?? 0;
      if (typeof tokenVersion !== 'number' || !Number.isInteger(tokenVersion)) return null;
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(cacheKey, { userId: id, tokenVersion, exp: payload.exp! });
      return { userId: id, tokenVersion };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  };
  return {
    issue: (userId, audience, tokenVersion = 0) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    verifyClaims,
    async verify(token, audience) {
      return (await verifyClaims(token, audience))?.userId ?? null;
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate('accessTokens', createAccessTokens(fastify.config.sessionSecret));
  },
  { name: 'access-tokens', dependencies: ['config'] },
);
