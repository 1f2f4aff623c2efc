import { CONSOLES, hasRole, type ConsoleEntry, type Role, type User } from '@hub/shared/api';
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
  | 'consoles.mail'
  | 'consoles.remotes'
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

/** The consoles of an admin area (the list shared with the admin remote), then its documentation. */
const areaConsoles = (area: ConsoleEntry['area'], documentation: string): readonly Console[] => [
  ...CONSOLES.filter((console) => console.area === area).map(({ path, key, role }) => ({
    to: path,
    label: `consoles.${key}` as const,
    role,
  })),
  { to: documentation, label: 'documentation', role: 'contributor' },
];

export const ADMIN_CONSOLES = areaConsoles('main', paths.documentation);
export const ENTITY_ADMIN_CONSOLES = areaConsoles('entity', paths.entityDocumentation);

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
