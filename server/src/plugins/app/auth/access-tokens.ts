import fp from 'fastify-plugin';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The portal's own access tokens: HS256 JWTs signed with SESSION_SECRET, one audience per API,
 * so a file-exchange token is refused by the hub API and the other way round. Stateless, so
 * several server processes can share the load.
 */
export const AUDIENCES = { hub: 'hub-api', files: 'files-api' } as const;
export type Audience = (typeof AUDIENCES)[keyof typeof AUDIENCES];

const ISSUER = 'urn:client-hub:server';
export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export interface AccessTokens {
  issue(userId: number, audience: Audience): Promise<string>;
  /** The user id the token was issued to, or null when it is invalid, expired or for another API. */
  verify(token: string, audience: Audience): Promise<number | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
  }
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (userId, audience) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token, audience) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience, algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] });
        const id = Number(payload.sub);
        return Number.isInteger(id) && id > 0 ? id : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate('accessTokens', createAccessTokens(fastify.config.sessionSecret));
  },
  { name: 'access-tokens', dependencies: ['config'] },
);
