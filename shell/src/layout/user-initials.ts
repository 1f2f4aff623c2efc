import type { User } from '@hub/shared/api';

/**
 * Initials are the first letters of first and last name (SPEC §3): the rule of `initials()` in
 * @hub/shared/api, which lives in users.ts beside UserSchema, so importing it pulls the schema
 * library (typebox, 16 kB gzip) into every signed-in page. Kept here until it moves to a
 * schema-free module there.
 */
export function userInitials(user: Pick<User, 'first_name' | 'last_name'>): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}
