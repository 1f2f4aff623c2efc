import { hasRole, type User } from '@hub/shared/api';
import { paths } from '../paths';

export interface NavItem {
  to: string;
  /** Key in the shell catalogue's `nav`. */
  label:
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
    | 'help';
}

/**
 * The vertical navigation: only areas this user may open (the guard's rules, seen from the menu).
 * Admin entries need a contributor or more; the discussion entries need discussions; collectmaster
 * is not offered in display-as mode.
 */
export function navigationFor(input: { user: User; displayedUser: User; displayAs: boolean }): NavItem[] {
  const { user, displayedUser, displayAs } = input;
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
  if (!displayAs) items.push({ to: paths.collectmaster, label: 'collectmaster' });
  if (hasRole(user.rights, 'contributor')) {
    items.push(
      { to: paths.admin, label: 'admin' },
      { to: paths.entityAdmin, label: 'entityAdmin' },
      { to: paths.documentation, label: 'documentation' },
    );
  }
  items.push({ to: paths.help, label: 'help' });
  return items;
}
