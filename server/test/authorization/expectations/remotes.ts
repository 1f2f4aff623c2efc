import type { ExpectationTable } from '../expectation';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
const ADMIN_ONLY = [401, 403, 403, 403, 403, 200, 403] as const;

/**
 * The remotes registry (docs/releasing.md): administrators only, and display-as only looks. The
 * release calls also take a team's release token, proved in test/routes/api/admin/remotes.
 */
export const remotes: ExpectationTable = {
  'GET /api/admin/remotes': { statuses: ADMIN_ONLY },
  'POST /api/admin/remotes/:name/releases': {
    url: () => '/api/admin/remotes/content/releases',
    body: () => ({ version: '1.0.0-matrix', manifest_url: '/remotes/content/releases/1.0.0-matrix/mf-manifest.json' }),
    statuses: [401, 403, 403, 403, 403, 422, 403],
    note: 'the matrix hosts no manifest: the administrator passes the check and meets 422 (registration is proved in test/routes/api/admin/remotes)',
  },
  'PUT /api/admin/remotes/:name/releases/:version/files/*': {
    url: () => '/api/admin/remotes/content/releases/1.0.0-matrix/files/static/js/main.js',
    body: () => ({ file: 'the bytes' }),
    statuses: [401, 403, 403, 403, 403, 201, 403],
  },
  'PUT /api/admin/remotes/:name/rollout': {
    url: () => '/api/admin/remotes/content/rollout',
    body: () => ({ candidate: null }),
    statuses: ADMIN_ONLY,
  },
  'POST /api/admin/remotes/:name/tokens': {
    url: () => '/api/admin/remotes/content/tokens',
    body: () => ({ label: 'matrix' }),
    statuses: [401, 403, 403, 403, 403, 201, 403],
  },
  'DELETE /api/admin/remotes/:name/tokens/:id': {
    url: () => '/api/admin/remotes/content/tokens/999999',
    statuses: [401, 403, 403, 403, 403, 404, 403],
    note: 'the demo data has no release token: the administrator passes the check and meets 404',
  },
};
