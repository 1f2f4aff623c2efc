/** The absolute paths this remote answers (the shell mounts it on them, basename '/'). */
export const paths = {
  admin: '/admin',
  entityAdmin: '/entity/admin',
  documentation: '/documentation',
  entityDocumentation: '/entity/documentation',
  advices: '/entity/admin/advices',
  dashboards: '/entity/admin/dashboard',
  newsItems: '/admin/news-items',
  categories: '/admin/categories',
  trainings: '/admin/trainings',
  images: '/admin/images',
  users: '/admin/users',
  entities: '/admin/entities',
  /** The entity admin area's users (contributor or more, the entity in force). */
  entityUsers: '/entity/admin/users',
  groups: '/admin/groups',
  audit: '/admin/audit',
  mail: '/admin/mail',
  /** The remotes' releases, candidates and release tokens (administrators). */
  remotes: '/admin/remotes',
  tickets: '/admin/tickets',
} as const;

/** A console's details page: with an id it edits that item, without one it creates. */
export const detailsPath = (listPath: string, id?: number | null) => `${listPath}/details${id ? `/${id}` : ''}`;
