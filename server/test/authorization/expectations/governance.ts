import type { ExpectationTable, Statuses } from '../expectation';
import type { Fixtures } from '../fixtures';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
/** The admin scope: contributor or more, judged on the displayed user. */
const CONTRIBUTORS = (status: number): Statuses => [401, 403, 403, status, status, status, 403];
const NO_VERSION = 'the demo data holds no version yet: 404 "Version not found" once the item itself is allowed';

/** The versions of a governed content (advices, news items, dashboards): the kind's console rule. */
function versions(base: string, id: (f: Fixtures) => number): ExpectationTable {
  return {
    [`GET ${base}/:id/versions`]: { url: (f) => `${base}/${id(f)}/versions`, statuses: CONTRIBUTORS(200) },
    [`GET ${base}/:id/versions/:version`]: { url: (f) => `${base}/${id(f)}/versions/1`, statuses: CONTRIBUTORS(404), note: NO_VERSION },
    [`POST ${base}/:id/versions/:version/restore`]: {
      url: (f) => `${base}/${id(f)}/versions/1/restore`,
      statuses: CONTRIBUTORS(404),
      note: NO_VERSION,
    },
  };
}

export const governance: ExpectationTable = {
  ...versions('/api/admin/advices', (f) => f.northwindDraftAdviceId),
  ...versions('/api/admin/news-items', (f) => f.draftNewsItemId),
  ...versions('/api/admin/dashboards', (f) => f.northwindDashboardId),
};
