import { portalPaths } from '@hub/shared/api';

/** The absolute paths this remote answers (the shell mounts it on them, basename '/'): @hub/shared's portal paths. */
export const paths = {
  dashboards: portalPaths.dashboards,
  dashboard: portalPaths.dashboard,
} as const;
