import { signedTickets } from '../auth/signed-tickets';

/**
 * A download by navigation: the browser streams to disk, but a navigation carries no bearer token.
 * The remote trades its token for this ticket (a signed ticket, as the events streams', one
 * minute, carrying the user's token version so that sign-out ends it), bound to one user, one item
 * and one purpose.
 */
export const DOWNLOAD_TICKET_TTL_SECONDS = 60;
const TICKET_AUDIENCE = 'hub-file-download';

export type DownloadPurpose = 'file' | 'zip';

export interface DownloadTicketClaims {
  userId: number;
  tokenVersion: number;
  purpose: DownloadPurpose;
  itemId: number;
}

export function downloadTickets(sessionSecret: string) {
  const tickets = signedTickets(sessionSecret, TICKET_AUDIENCE, DOWNLOAD_TICKET_TTL_SECONDS);
  return {
    issue: ({ userId, tokenVersion, purpose, itemId }: DownloadTicketClaims): Promise<string> =>
      tickets.issue({ userId, tokenVersion }, { purpose, item: itemId }),
    /** The claims of a valid ticket for this purpose and item, else null. */
    async verify(ticket: string, purpose: DownloadPurpose, itemId: number): Promise<{ userId: number; tokenVersion: number } | null> {
      const valid = await tickets.verify(ticket);
      if (!valid || valid.claims.purpose !== purpose || valid.claims.item !== itemId) return null;
      return { userId: valid.userId, tokenVersion: valid.tokenVersion };
    },
  };
}
