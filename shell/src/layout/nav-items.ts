import { hasRole, type Role, type User } from '@hub/shared/api';
import { paths } from '../paths';
import { effectiveRights } from '../session/effective-rights';

/** Keys in the shell catalogue's `nav`. */
export type NavLabel =
  | 'home'
  | 'advices'
  | 'news'
  | 'trainings'
  | 'dashboards'
  | 'contact'
  | 'contactClosed'
  | 'tickets'
  | 'collectmaster'
  | 'admin'
  | 'entityAdmin'
  | 'documentation'
  | 'help'
  | 'consoles.newsItems'
  | 'consoles.categories'
  | 'consoles.images'
  | 'consoles.trainings'
  | 'consoles.advices'
  | 'consoles.dashboards'
  | 'consoles.entityUsers'
  | 'consoles.users'
  | 'consoles.entities'
  | 'consoles.groups'
  | 'consoles.audit'
  | 'consoles.tickets';

export interface NavItem {
  to: string;
  label: NavLabel;
  /** A group (Admin, Entity admin): its consoles, shown beneath it or in its menu. */
  children?: NavItem[];
  /** Collectmaster for the publisher's staff: files uploaded and waiting for review (shown when > 0). */
  count?: number;
}

/** One console of an admin area, and the least role that opens it (docs/product.md §2, §6). */
interface Console {
  to: string;
  label: NavLabel;
  role: Role;
}

/**
 * The consoles of each admin area, in menu order. Adding one is one line here, e.g.
 * `{ to: `${paths.admin}/users`, label: 'consoles.users', role: 'administrator' }`.
 */
export const ADMIN_CONSOLES: readonly Console[] = [
  { to: `${paths.admin}/news-items`, label: 'consoles.newsItems', role: 'contributor' },
  { to: `${paths.admin}/categories`, label: 'consoles.categories', role: 'administrator' },
  { to: `${paths.admin}/images`, label: 'consoles.images', role: 'contributor' },
  { to: `${paths.admin}/trainings`, label: 'consoles.trainings', role: 'contributor' },
  { to: `${paths.admin}/users`, label: 'consoles.users', role: 'administrator' },
  { to: `${paths.admin}/entities`, label: 'consoles.entities', role: 'administrator' },
  { to: `${paths.admin}/groups`, label: 'consoles.groups', role: 'administrator' },
  { to: `${paths.admin}/tickets`, label: 'consoles.tickets', role: 'administrator' },
  { to: `${paths.admin}/audit`, label: 'consoles.audit', role: 'administrator' },
  { to: paths.documentation, label: 'documentation', role: 'contributor' },
];

export const ENTITY_ADMIN_CONSOLES: readonly Console[] = [
  { to: `${paths.entityAdmin}/advices`, label: 'consoles.advices', role: 'contributor' },
  { to: `${paths.entityAdmin}/dashboard`, label: 'consoles.dashboards', role: 'contributor' },
  { to: `${paths.entityAdmin}/users`, label: 'consoles.entityUsers', role: 'contributor' },
  { to: paths.entityDocumentation, label: 'documentation', role: 'contributor' },
];

const consolesFor = (consoles: readonly Console[], rights: readonly string[]): NavItem[] =>
  consoles.filter((console) => hasRole(rights, console.role)).map(({ to, label }) => ({ to, label }));

/**
 * The navigation: only areas this user may open (the guard's rules, seen from the menu). Rights are
 * those both the signed-in and the displayed user hold (docs/product.md §6), so an administrator displaying a
 * plain user sees no console; the discussion entries follow the displayed user's counters;
 * collectmaster is not offered in display-as mode, and carries the staff's files to review (`filesToReview`).
 */
export function navigationFor(input: { user: User; displayedUser: User; displayAs: boolean; filesToReview?: number }): NavItem[] {
  const { displayedUser, displayAs } = input;
  const rights = effectiveRights(input);
  const items: NavItem[] = [
    { to: paths.home, label: 'home' },
    { to: paths.advices, label: 'advices' },
    { to: paths.newsItems, label: 'news' },
    { to: paths.trainings, label: 'trainings' },
    { to: paths.dashboards, label: 'dashboards' },
  ];
  if (displayedUser.open_discussion_counter > 0) items.push({ to: paths.contact, label: 'contact' });
  if (displayedUser.close_discussion_counter > 0) items.push({ to: paths.contactClose, label: 'contactClosed' });
  items.push({ to: paths.tickets, label: 'tickets' });
  if (!displayAs) {
    const toReview = hasRole(rights, 'contributor') ? (input.filesToReview ?? 0) : 0;
    items.push({ to: paths.collectmaster, label: 'collectmaster', ...(toReview > 0 ? { count: toReview } : {}) });
  }
  const admin = consolesFor(ADMIN_CONSOLES, rights);
  if (admin.length > 0) items.push({ to: paths.admin, label: 'admin', children: admin });
  const entityAdmin = consolesFor(ENTITY_ADMIN_CONSOLES, rights);
  if (entityAdmin.length > 0) items.push({ to: paths.entityAdmin, label: 'entityAdmin', children: entityAdmin });
  items.push({ to: paths.help, label: 'help' });
  return items;
}

/** Every link of the navigation, groups opened. */
export function flatLinks(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => item.children ?? [item]);
}
