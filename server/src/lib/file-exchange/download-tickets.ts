import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * A download by navigation: the browser streams to disk, but a navigation carries no bearer token.
 * The remote trades its token for this ticket (the events stream's mechanism: a JWT signed with the
 * session secret, one minute, carrying the user's token version so that sign-out ends it), bound to
 * one user, one item and one purpose.
 */
export const DOWNLOAD_TICKET_TTL_SECONDS = 60;
const TICKET_AUDIENCE = 'hub-file-download';
const TICKET_ISSUER = 'urn:client-hub:server';

export type DownloadPurpose = 'file' | 'zip';

export interface DownloadTicketClaims {
  userId: number;
  tokenVersion: number;
  purpose: DownloadPurpose;
  itemId: number;
}

export function downloadTickets(sessionSecret: string) {
  const key = new TextEncoder().encode(sessionSecret);
  return {
    issue: (claims: DownloadTicketClaims): Promise<string> =>
      new SignJWT({ tv: claims.tokenVersion, purpose: claims.purpose, item: claims.itemId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(TICKET_ISSUER)
        .setAudience(TICKET_AUDIENCE)
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${DOWNLOAD_TICKET_TTL_SECONDS}s`)
        .sign(key),
    /** The claims of a valid ticket for this purpose and item, else null. */
    async verify(ticket: string, purpose: DownloadPurpose, itemId: number): Promise<{ userId: number; tokenVersion: number } | null> {
      try {
        const { payload } = await jwtVerify(ticket, key, {
          issuer: TICKET_ISSUER,
          audience: TICKET_AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp'],
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0) return null;
        if (payload.purpose !== purpose || payload.item !== itemId) return null;
        if (typeof payload.tv !== 'number' || !Number.isInteger(payload.tv)) return null;
        return { userId, tokenVersion: payload.tv };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
