/** Roles ascending (docs/product.md §6): each includes the rights below it. */
export const ROLES = ['user', 'contributor', 'publisher', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

const level = (role: string): number => ROLES.indexOf(role as Role);

/** The highest role found in a rights list, or null when it holds none. */
export function highestRole(rights: readonly string[]): Role | null {
  let best = -1;
  for (const right of rights) best = Math.max(best, level(right));
  return best < 0 ? null : ROLES[best]!;
}

/** True when the rights list grants `role` or any role above it. */
export function hasRole(rights: readonly string[], role: Role): boolean {
  const best = highestRole(rights);
  return best !== null && level(best) >= level(role);
}

export const isUser = (rights: readonly string[]) => hasRole(rights, 'user');
export const isContributor = (rights: readonly string[]) => hasRole(rights, 'contributor');
export const isPublisher = (rights: readonly string[]) => hasRole(rights, 'publisher');
export const isAdministrator = (rights: readonly string[]) => hasRole(rights, 'administrator');
