import type { ExpectationTable } from '../expectation';

// Personas, in order: anonymous, user (Northwind), otherEntityUser (Contoso), contributor (Northwind),
// publisher (Northwind), administrator (no entity), adminDisplayingUser (displaying the Northwind user).

/** The notification centre: everyone signed in has their own; display-as reads but never marks read. */
export const notifications: ExpectationTable = {
  'GET /api/notifications': { statuses: [401, 200, 200, 200, 200, 200, 200] },
  'GET /api/notifications/count': { statuses: [401, 200, 200, 200, 200, 200, 200] },
  'PUT /api/notifications/:id/read': {
    url: (ids) => `/api/notifications/${ids.userNotificationId}/read`,
    statuses: [401, 200, 404, 404, 404, 404, 403],
    note: "the Northwind user's notification: anyone else's is 404; display-as never marks read (403)",
  },
  'PUT /api/notifications/read-all': {
    statuses: [401, 200, 200, 200, 200, 200, 403],
    note: 'display-as never marks read (403)',
  },
  'POST /api/notifications/events/ticket': {
    statuses: [401, 200, 200, 200, 200, 200, 200],
    note: 'during display-as, the stream is the displayed user’s (read only)',
  },
  'GET /api/notifications/events': {
    statuses: [401, 401, 401, 401, 401, 401, 401],
    note: 'the stream takes a ticket, never the bearer token: without one, 401 for everyone',
  },
};
