import type { ExpectationTable } from '../expectation';

// Personas, in order: anonymous, user (Northwind), otherEntityUser (Contoso), contributor (Northwind),
// publisher (Northwind), administrator (no entity), adminDisplayingUser (displaying the Northwind user).

const hours = { time_zone: 'Europe/Paris', holidays: 'FR', week: [{ day: 1, from: '09:00', to: '17:30' }] };
/** A date `n` days from today. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const adminOnly = [401, 403, 403, 403, 403, 200, 403] as const;

/**
 * The consultant's promise: business hours. Only staff (a consultant who is a contributor or more,
 * or an administrator) have hours of their own; none of the Northwind personas is a consultant.
 */
export const promises: ExpectationTable = {
  'GET /api/staff/me/hours': {
    statuses: adminOnly,
    note: 'staff only: the Northwind contributor and publisher are no consultants; display-as answers as the displayed user (403)',
  },
  'PUT /api/staff/me/hours': {
    body: () => ({ ...hours, days_off: ['2026-12-24'] }),
    statuses: adminOnly,
    note: 'staff only, never in display-as',
  },
  'GET /api/staff/me/away': { statuses: adminOnly },
  'PUT /api/staff/me/away': {
    body: (ids) => ({ from: inDays(3), to: inDays(5), stand_in_id: ids.consultantId }),
    statuses: adminOnly,
    note: 'staff only, never in display-as; the administrator names the consultant to stand in',
  },
  'DELETE /api/staff/me/away': {
    statuses: [401, 403, 403, 403, 403, 404, 403],
    note: 'the administrator is not away: 404',
  },
  'GET /api/admin/staff/default-hours': { statuses: adminOnly },
  'PUT /api/admin/staff/default-hours': { body: () => hours, statuses: adminOnly },
  'GET /api/admin/staff/:id/hours': { url: (ids) => `/api/admin/staff/${ids.consultantId}/hours`, statuses: adminOnly },
  'PUT /api/admin/staff/:id/hours': {
    url: (ids) => `/api/admin/staff/${ids.consultantId}/hours`,
    body: () => ({ ...hours, days_off: [] }),
    statuses: adminOnly,
  },
  'GET /api/admin/holidays': { statuses: adminOnly },
  'PUT /api/admin/holidays/:calendar/:day': {
    url: () => '/api/admin/holidays/FR/2029-01-01',
    body: () => ({ name: "Jour de l'an" }),
    statuses: adminOnly,
  },
  'DELETE /api/admin/holidays/:calendar/:day': {
    url: () => '/api/admin/holidays/FR/2026-12-25',
    statuses: [401, 403, 403, 403, 403, 204, 403],
    resetAfter: true,
  },
};
