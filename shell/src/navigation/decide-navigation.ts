import { hasRole } from '@hub/shared/api';
import { isUnder, paths } from '../paths';

export interface NavigationInput {
  path: string;
  /** A usable hub token and a loaded user. */
  authenticated: boolean;
  /** The rights in force: those both the signed-in and the displayed user hold (docs/product.md §6). */
  rights: readonly string[];
  /** The displayed user's discussion counters: /contact and /contact-close need some. */
  discussions?: { open: number; closed: number };
  /** True while an administrator displays the portal as someone else. */
  displayAs?: boolean;
}

export type NavigationDecision = { allow: true } | { redirect: string };

const allow: NavigationDecision = { allow: true };
const to = (redirect: string): NavigationDecision => ({ redirect });

/** Every path a signed-in user may be on; anything else goes home (docs/product.md §2). */
const KNOWN_AREAS = [
  paths.home,
  paths.profile,
  paths.error,
  paths.advices,
  paths.newsItems,
  paths.trainings,
  paths.dashboards,
  paths.collectmaster,
  paths.admin,
  paths.entityAdmin,
];
const KNOWN_PAGES: string[] = [
  paths.search,
  paths.help,
  paths.notifications,
  paths.contact,
  paths.contactClose,
  paths.tickets,
  paths.documentation,
  paths.entityDocumentation,
];
const ADMINISTRATOR_ONLY = ['categories', 'users', 'entities', 'groups', 'audit', 'tickets', 'mail', 'remotes'].map(
  (page) => `${paths.admin}/${page}`,
);

function normalise(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The navigation guard of docs/product.md §2 and §6, as a pure decision: where may this navigation go?
 * The not-found pages are public; /login is for signed-out visitors only; the root and unknown
 * paths go to /home; the admin areas need a contributor or more, and categories, users and
 * entities an administrator.
 */
export function decideNavigation(input: NavigationInput): NavigationDecision {
  const path = normalise(input.path);
  // The not-found pages are public; connection help is open to signed-out and signed-in visitors alike.
  if (isUnder(path, paths.notFound) || path === paths.connectionHelp) return allow;
  if (!input.authenticated) return path === paths.login ? allow : to(paths.login);
  if (path === paths.login || path === paths.root) return to(paths.home);

  const known = KNOWN_AREAS.some((area) => isUnder(path, area)) || KNOWN_PAGES.includes(path);
  if (!known) return to(paths.home);

  const adminArea =
    [paths.admin, paths.entityAdmin].some((area) => isUnder(path, area)) ||
    path === paths.documentation ||
    path === paths.entityDocumentation;
  if (adminArea && !hasRole(input.rights, 'contributor')) return to(paths.home);
  if (ADMINISTRATOR_ONLY.some((area) => isUnder(path, area)) && !hasRole(input.rights, 'administrator')) {
    return to(paths.home);
  }

  if (input.discussions) {
    if (path === paths.contact && input.discussions.open <= 0) return to(paths.home);
    if (path === paths.contactClose && input.discussions.closed <= 0) return to(paths.home);
  }
  if (input.displayAs && isUnder(path, paths.collectmaster)) return to(paths.home);
  return allow;
}
