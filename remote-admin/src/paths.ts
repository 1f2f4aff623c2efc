/** The absolute paths this remote answers (the shell mounts it on them, basename '/'). */
export const paths = {
  admin: '/admin',
  entityAdmin: '/entity/admin',
  documentation: '/documentation',
  entityDocumentation: '/entity/documentation',
  advices: '/entity/admin/advices',
  dashboards: '/entity/admin/dashboard',
  newsItems: '/admin/news-items',
} as const;

/** A console's details page: with an id it edits that item, without one it creates. */
export const detailsPath = (listPath: string, id?: number | null) => `${listPath}/details${id ? `/${id}` : ''}`;
