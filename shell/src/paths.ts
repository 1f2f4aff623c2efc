/** The shell's own routes and the areas it mounts remotes on (docs/product.md §2). */
export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  profile: '/profile',
  notifications: '/notifications',
  error: '/error',
  notFound: '/pages/misc/not-found',
  advices: '/advices',
  newsItems: '/news-items',
  trainings: '/trainings',
  help: '/help',
  /** Open to everyone, signed in or not (reachable from /login). */
  connectionHelp: '/help/connection',
  dashboards: '/dashboards',
  contact: '/contact',
  contactClose: '/contact-close',
  tickets: '/tickets',
  collectmaster: '/collectmaster',
  admin: '/admin',
  entityAdmin: '/entity/admin',
  documentation: '/documentation',
  entityDocumentation: '/entity/documentation',
  search: '/search',
} as const;

/** True for `base` itself and anything below it (`/advices`, `/advices/details/3`), not `/advicesX`. */
export function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}
