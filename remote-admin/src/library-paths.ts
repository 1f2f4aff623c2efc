/** The library consoles' paths (categories, trainings, images), beside `paths.ts`. */
export const libraryPaths = {
  categories: '/admin/categories',
  trainings: '/admin/trainings',
  images: '/admin/images',
} as const;

/** A library console's details page: with an id it edits that item, without one it creates. */
export const libraryDetailsPath = (listPath: string, id?: number | null) => `${listPath}/details${id ? `/${id}` : ''}`;
