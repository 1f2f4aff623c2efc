import { DATA_EXPORT_LINK_SECONDS } from '@hub/shared/api';
import { signedTickets } from '../auth/signed-tickets';

const AUDIENCE = 'hub-data-export';

/**
 * The download link of a ready export: a navigation streams the zip to disk but carries no bearer
 * token, so the link is signed (the session secret) for the one who asked and that export, with
 * their token version (a sign-out ends it), valid DATA_EXPORT_LINK_SECONDS; each status call
 * hands out a fresh one.
 */
export function dataExportLinks(sessionSecret: string, publicUrl: string) {
  const tickets = signedTickets(sessionSecret, AUDIENCE, DATA_EXPORT_LINK_SECONDS);
  return {
    async url(exportId: number, holder: { id: number; token_version: number }): Promise<string> {
      const ticket = await tickets.issue({ userId: holder.id, tokenVersion: holder.token_version }, { export: exportId });
      return `${publicUrl}/api/exports/${exportId}/zip?ticket=${encodeURIComponent(ticket)}`;
    },
    /** The holder of a valid ticket for this export, else null. */
    async verify(ticket: string, exportId: number): Promise<{ userId: number; tokenVersion: number } | null> {
      const valid = await tickets.verify(ticket);
      if (!valid || valid.claims.export !== exportId) return null;
      return { userId: valid.userId, tokenVersion: valid.tokenVersion };
    },
  };
}
