import { hasRole, type Role } from './roles';

export const REMOTE_NAMES = ['content', 'dashboards', 'contact', 'collectmaster', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The least role that may load each remote: the server lists, and the shell registers, only these. */
export const REMOTE_MIN_ROLE: Readonly<Record<RemoteName, Role>> = {
  content: 'user',
  dashboards: 'user',
  contact: 'user',
  collectmaster: 'user',
  admin: 'contributor',
};

export function remotesAllowed(rights: readonly string[]): RemoteName[] {
  return REMOTE_NAMES.filter((name) => hasRole(rights, REMOTE_MIN_ROLE[name]));
}
