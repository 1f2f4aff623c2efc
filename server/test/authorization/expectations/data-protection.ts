import type { ExpectationTable } from '../expectation';

// Personas, in order: anonymous, user (Northwind), otherEntityUser (Contoso), contributor (Northwind),
// publisher (Northwind), administrator (no entity), adminDisplayingUser (displaying the Northwind user).

/** A person's data exported: one's own by anyone signed in; another's by whoever manages them. */
export const dataProtection: ExpectationTable = {
  'POST /api/me/exports': {
    statuses: [401, 202, 202, 202, 202, 202, 403],
    note: 'one’s own data; display-as only shows the portal as someone (403)',
  },
  'GET /api/me/exports/:id': {
    url: () => '/api/me/exports/999999',
    statuses: [401, 404, 404, 404, 404, 404, 403],
    note: 'an export no one asked for: 404 to all; the route tests prove the owner’s 200',
  },
  'GET /api/exports/:id/zip': {
    url: () => '/api/exports/999999/zip?ticket=nonsense',
    statuses: [401, 401, 401, 401, 401, 401, 401],
    note: 'the signed link of download_url stands for the bearer token: a bad one is 401 whoever calls',
  },
  'POST /api/admin/users/:id/exports': {
    url: (ids) => `/api/admin/users/${ids.userId}/exports`,
    statuses: [401, 403, 403, 202, 202, 202, 403],
    note: 'the Northwind user: an administrator, or a contributor or more of Northwind; the admin API needs contributor (403)',
  },
  'GET /api/admin/users/:id/exports/:exportId': {
    url: (ids) => `/api/admin/users/${ids.userId}/exports/999999`,
    statuses: [401, 403, 403, 404, 404, 404, 403],
    note: 'an export no one asked for, of a person the staff manage: 404; the route tests prove the requester’s 200',
  },
  'POST /api/admin/users/:id/erase': {
    url: (ids) => `/api/admin/users/${ids.userId}/erase`,
    body: () => ({ confirm: 'not-their-address@example.test' }),
    statuses: [401, 403, 403, 400, 400, 400, 403],
    note: 'a wrong confirmation (400) once the rights pass, so the row erases no one; the route tests prove the 200',
  },
};
