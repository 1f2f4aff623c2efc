import { isContributor } from '@hub/shared/api';
import type { Session } from '../auth/session';

/**
 * Which helpdesk tickets (`alias`) the session sees in GET /api/tickets, in a ticket's page and in
 * the search: the entity in force's, and a plain user's own only. Null without an entity in force:
 * none. Pushes its parameters.
 */
export function ticketVisibility(alias: string, session: Session, params: unknown[]): string | null {
  if (session.entityId === null) return null;
  params.push(session.entityId);
  const where = [`${alias}.entity_id = $${params.length}`];
  if (!isContributor(session.rights)) {
    params.push(session.user.id);
    where.push(`${alias}.author_id = $${params.length}`);
  }
  return where.join(' AND ');
}
