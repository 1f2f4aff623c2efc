import type { ExpectationTable } from '../expectation';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
export const auth: ExpectationTable = {
  'GET /api/health': { statuses: [200, 200, 200, 200, 200, 200, 200] },
  'GET /api/health/live': { statuses: [200, 200, 200, 200, 200, 200, 200] },
  'GET /api/health/ready': { statuses: [200, 200, 200, 200, 200, 200, 200] },
  'GET /api/auth/providers': { statuses: [200, 200, 200, 200, 200, 200, 200] },
  'GET /api/auth/provider/:name': { url: () => '/api/auth/provider/default', statuses: [200, 200, 200, 200, 200, 200, 200] },
  'POST /api/auth/login': {
    body: () => ({ token: 'not-a-jwt', provider: 'default' }),
    statuses: [401, 401, 401, 401, 401, 401, 401],
    note: 'public: anyone may try, a bad identity token is refused whoever sends it',
  },
  'GET /api/auth/user': { statuses: [401, 200, 200, 200, 200, 200, 200] },
  'POST /api/auth/logout': {
    statuses: [401, 204, 204, 204, 204, 204, 204],
    resetAfter: true,
    note: "anyone signed in ends their own sessions (during display-as, the administrator's)",
  },
  'POST /api/auth/check-display-as': {
    body: (ids) => ({ display_as_user_id: ids.userId }),
    statuses: [401, 403, 403, 403, 403, 200, 403],
    note: 'administrators only, and not while already displaying someone',
  },
  'GET /api/remotes': { statuses: [401, 200, 200, 200, 200, 200, 200] },
  'POST /api/client-events': {
    body: () => ({ events: [{ remote: 'content', version: 'configured', kind: 'mount', count: 1 }] }),
    statuses: [401, 204, 204, 204, 204, 204, 204],
    note: 'anyone signed in reports the figures of the remotes in their browser; only registered releases are counted',
  },
  'GET /api/admin/audit': { statuses: [401, 403, 403, 403, 403, 200, 403] },
  'GET /api/admin/audit/filters': { statuses: [401, 403, 403, 403, 403, 200, 403] },
  'POST /api/v2/auth/login': { body: () => ({ token: 'not-a-jwt' }), statuses: [401, 401, 401, 401, 401, 401, 401] },
  'POST /api/v2/auth/logout': {
    statuses: [401, 204, 204, 204, 204, 204, 403],
    resetAfter: true,
    note: 'a file-exchange token signs out too: the same person, both APIs; the file exchange refuses display-as (docs/product.md §2)',
  },
};
