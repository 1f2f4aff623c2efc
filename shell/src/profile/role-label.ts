import { hasRole, type User } from '@hub/shared/api';

export type RoleLabel = 'generalAdmin' | 'entityAdmin' | 'publisher' | 'contributor' | 'user';

/**
 * The role shown on the profile (docs/product.md §1): General Admin for an administrator, Entity Admin for a
 * contributor or publisher of an entity, otherwise the role itself.
 */
export function roleLabel(user: Pick<User, 'rights' | 'entity'>): RoleLabel {
  if (hasRole(user.rights, 'administrator')) return 'generalAdmin';
  if (hasRole(user.rights, 'contributor')) {
    if (user.entity) return 'entityAdmin';
    return hasRole(user.rights, 'publisher') ? 'publisher' : 'contributor';
  }
  return 'user';
}
