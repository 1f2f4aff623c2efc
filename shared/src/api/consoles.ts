import type { Role } from './roles';

/** A console's name in the catalogues: `nav.consoles.<key>` in the shell's, `consoles.<key>` in the admin's. */
export type ConsoleKey =
  | 'newsItems'
  | 'categories'
  | 'images'
  | 'trainings'
  | 'users'
  | 'entities'
  | 'groups'
  | 'tickets'
  | 'audit'
  | 'mail'
  | 'remotes'
  | 'advices'
  | 'dashboards'
  | 'entityUsers';

/** One console: its area (/admin or /entity/admin), its path, its name and the least role that opens it. */
export interface ConsoleEntry {
  area: 'main' | 'entity';
  path: string;
  key: ConsoleKey;
  role: Role;
}

/**
 * The consoles, in the order the navigation and the index pages list them: the shell's menus and
 * the admin remote's index pages both read this list. Add a console with one line here.
 */
export const CONSOLES: readonly ConsoleEntry[] = [
  { area: 'main', path: '/admin/news-items', key: 'newsItems', role: 'contributor' },
  { area: 'main', path: '/admin/categories', key: 'categories', role: 'administrator' },
  { area: 'main', path: '/admin/images', key: 'images', role: 'contributor' },
  { area: 'main', path: '/admin/trainings', key: 'trainings', role: 'contributor' },
  { area: 'main', path: '/admin/users', key: 'users', role: 'administrator' },
  { area: 'main', path: '/admin/entities', key: 'entities', role: 'administrator' },
  { area: 'main', path: '/admin/groups', key: 'groups', role: 'administrator' },
  { area: 'main', path: '/admin/tickets', key: 'tickets', role: 'administrator' },
  { area: 'main', path: '/admin/audit', key: 'audit', role: 'administrator' },
  { area: 'main', path: '/admin/mail', key: 'mail', role: 'administrator' },
  { area: 'main', path: '/admin/remotes', key: 'remotes', role: 'administrator' },
  { area: 'entity', path: '/entity/admin/advices', key: 'advices', role: 'contributor' },
  { area: 'entity', path: '/entity/admin/dashboard', key: 'dashboards', role: 'contributor' },
  { area: 'entity', path: '/entity/admin/users', key: 'entityUsers', role: 'contributor' },
];
