import { hasRole, highestRole, ROLES, type Role } from '@hub/shared/api';
import type { SessionState } from './session-store';

/**
 * The rights in force (docs/product.md §6: checked for both the connected and the displayed user): the roles
 * both hold. An administrator displaying a plain user has a plain user's rights until Stop.
 */
export function effectiveRights(state: Pick<SessionState, 'user' | 'displayedUser'>): string[] {
  const { user, displayedUser } = state;
  if (!user) return [];
  const own = highestRole(user.rights);
  const displayed = displayedUser ? highestRole(displayedUser.rights) : own;
  if (own === null || displayed === null) return [];
  const level = Math.min(ROLES.indexOf(own), ROLES.indexOf(displayed));
  return ROLES.slice(0, level + 1);
}

/** True when both the connected and the displayed user have `role` or more. */
export function bothHave(userRights: readonly string[], displayedRights: readonly string[], role: Role): boolean {
  return hasRole(userRights, role) && hasRole(displayedRights, role);
}
