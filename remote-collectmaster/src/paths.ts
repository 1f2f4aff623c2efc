import { portalPaths } from '@hub/shared/api';

/** The absolute paths this remote answers (the shell mounts it on them, basename '/'): @hub/shared's portal paths. */
export const paths = {
  collectmaster: portalPaths.collectmaster,
  /** The latest files of everything the user sees (a static segment: it wins over an entity's slug). */
  latest: portalPaths.collectmasterLatest,
  entity: portalPaths.exchangeEntity,
  collection: portalPaths.exchangeCollection,
  folder: portalPaths.exchangeFolder,
} as const;
