import { portalPaths } from '@hub/shared/api';

/** The absolute paths this remote answers (the shell mounts it on them, basename '/'): @hub/shared's portal paths. */
export const paths = {
  contact: portalPaths.contact,
  contactClose: portalPaths.contactClosed,
  tickets: portalPaths.tickets,
} as const;
