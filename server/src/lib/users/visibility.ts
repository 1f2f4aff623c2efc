import { isAdministrator } from '@hub/shared/api';
import type { Session } from '../auth/session';

/**
 * Which people (`alias`) the consoles show the session: every one to an administrator
 * (GET /api/admin/users), their entity's to a contributor or more (GET /api/admin/users/entity/:id,
 * the entity in force); null (none) to one without an entity. Pushes its parameter.
 */
export function consoleUserVisibility(alias: string, session: Session, params: unknown[]): string | null {
  if (isAdministrator(session.rights)) return 'TRUE';
  if (session.entityId === null) return null;
  params.push(session.entityId);
  return `${alias}.entity_id = $${params.length}`;
}
