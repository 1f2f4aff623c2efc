import type { ExpectationTable, Statuses } from '../expectation';
import type { Fixtures } from '../fixtures';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
const CONTRIBUTORS = (status: number): Statuses => [401, 403, 403, status, status, status, 403];

/** A draft of each schedulable kind that Northwind's contributor and publisher manage. */
const DRAFTS: Record<'advices' | 'dashboards' | 'news-items', (f: Fixtures) => number> = {
  advices: (f) => f.northwindDraftAdviceId,
  dashboards: (f) => f.northwindDraftDashboardId,
  'news-items': (f) => f.draftNewsItemId,
};

function scheduling(): ExpectationTable {
  const table: ExpectationTable = {};
  for (const [kind, draft] of Object.entries(DRAFTS)) {
    table[`PUT /api/admin/${kind}/:id/schedule`] = {
      url: (f) => `/api/admin/${kind}/${draft(f)}/schedule`,
      body: () => ({ publish_at: '2099-01-01T09:00:00.000Z' }),
      statuses: CONTRIBUTORS(200),
    };
    table[`DELETE /api/admin/${kind}/:id/schedule`] = {
      url: (f) => `/api/admin/${kind}/${draft(f)}/schedule`,
      statuses: CONTRIBUTORS(204),
    };
  }
  return table;
}

/** The image library's usage count and scheduled publishing. */
export const library: ExpectationTable = {
  'GET /api/admin/images/:id/usage': { url: (f) => `/api/admin/images/${f.bannerImageId}/usage`, statuses: CONTRIBUTORS(200) },
  'GET /api/admin/schedules': { statuses: CONTRIBUTORS(200) },
  ...scheduling(),
};
