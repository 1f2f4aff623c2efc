/** The absolute paths this remote answers (the shell mounts it on them, basename '/'). */
export const paths = {
  collectmaster: '/collectmaster',
  /** The latest files of everything the user sees (a static segment: it wins over an entity's slug). */
  latest: '/collectmaster/latest-files',
  entity: (slug: string) => `/collectmaster/${encodeURIComponent(slug)}`,
  collection: (slug: string, collectionId: number) => `/collectmaster/${encodeURIComponent(slug)}/${collectionId}`,
  folder: (slug: string, collectionId: number, folderId: number) =>
    `/collectmaster/${encodeURIComponent(slug)}/${collectionId}/${folderId}`,
} as const;
