import { portalPaths } from '@hub/shared/api';

/** The absolute paths this remote answers (the shell mounts it on them, basename '/'): @hub/shared's portal paths. */
export const paths = {
  advices: portalPaths.advices,
  adviceDetails: portalPaths.advice,
  newsItems: portalPaths.newsItems,
  newsDetails: portalPaths.newsItem,
  trainings: portalPaths.trainings,
} as const;
