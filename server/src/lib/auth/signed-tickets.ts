import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Short-lived tickets for what a browser opens without a bearer token (an EventSource, a download
 * by navigation): the caller trades its token for a ticket, a JWT signed (HS256) with the session
 * secret, bound to one user and one audience (what it opens), carrying the user's token version so
 * that a sign-out or "end sessions" ends it too. The verifier of each use checks that version
 * against the user's row and any claim of its own (`extra`).
 */
const TICKET_ISSUER = 'urn:client-hub:server';

export interface TicketHolder {
  userId: number;
  tokenVersion: number;
}

export interface SignedTickets {
  issue(holder: TicketHolder, extra?: Record<string, string | number>): Promise<string>;
  /** The holder and every claim of a valid ticket of this audience, else null. */
  verify(ticket: string): Promise<(TicketHolder & { claims: JWTPayload }) | null>;
}

export function signedTickets(secret: string, audience: string, ttlSeconds: number): SignedTickets {
  const key = new TextEncoder().encode(secret);
  return {
    issue: ({ userId, tokenVersion }, extra = {}) =>
      new SignJWT({ ...extra, tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(TICKET_ISSUER)
        .setAudience(audience)
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(ticket) {
      try {
        const { payload } = await jwtVerify(ticket, key, {
          issuer: TICKET_ISSUER,
          audience,
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp'],
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0) return null;
        if (typeof payload.tv !== 'number' || !Number.isInteger(payload.tv)) return null;
        return { userId, tokenVersion: payload.tv, claims: payload };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
