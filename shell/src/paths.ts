import { adminPaths, portalPaths } from '@hub/shared/api';

/** The shell's own routes and the areas it mounts remotes on (docs/product.md §2; the areas' paths are @hub/shared's). */
export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  profile: '/profile',
  notifications: '/notifications',
  error: '/error',
  notFound: '/pages/misc/not-found',
  advices: portalPaths.advices,
  newsItems: portalPaths.newsItems,
  trainings: portalPaths.trainings,
  help: '/help',
  /** Open to everyone, signed in or not (reachable from /login). */
  connectionHelp: '/help/connection',
  dashboards: portalPaths.dashboards,
  contact: portalPaths.contact,
  contactClose: portalPaths.contactClosed,
  tickets: portalPaths.tickets,
  collectmaster: portalPaths.collectmaster,
  admin: adminPaths.admin,
  entityAdmin: adminPaths.entityAdmin,
  documentation: adminPaths.documentation,
  entityDocumentation: adminPaths.entityDocumentation,
  search: '/search',
} as const;

/** True for `base` itself and anything below it (`/advices`, `/advices/details/3`), not `/advicesX`. */
export function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}
