import { adminPaths, consoleDetailsPath } from '@hub/shared/api';

/**
 * The absolute paths this remote answers (the shell mounts it on them, basename '/'): the consoles'
 * lists of @hub/shared's admin paths. A console's details page is `detailsPath(list, id)`.
 */
export const paths = {
  admin: adminPaths.admin,
  entityAdmin: adminPaths.entityAdmin,
  documentation: adminPaths.documentation,
  entityDocumentation: adminPaths.entityDocumentation,
  advices: adminPaths.advices,
  dashboards: adminPaths.dashboards,
  newsItems: adminPaths.newsItems,
  categories: adminPaths.categories,
  trainings: adminPaths.trainings,
  images: adminPaths.images,
  users: adminPaths.users,
  entities: adminPaths.entities,
  /** The entity admin area's users (contributor or more, the entity in force). */
  entityUsers: adminPaths.entityUsers,
  groups: adminPaths.groups,
  audit: adminPaths.audit,
  mail: adminPaths.mail,
  /** The remotes' releases, candidates and release tokens (administrators). */
  remotes: adminPaths.remotes,
  tickets: adminPaths.tickets,
} as const;

/** A console's details page: with an id it edits that item, without one it creates. */
export const detailsPath = consoleDetailsPath;
