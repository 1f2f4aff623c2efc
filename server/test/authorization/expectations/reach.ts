import type { ExpectationTable } from '../expectation';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser

/** Must-read advices and their reach: the advices' own rule of who receives and who manages one. */
export const reach: ExpectationTable = {
  'PUT /api/advices/:id/acknowledge': {
    url: (ids) => `/api/advices/${ids.northwindAdviceId}/acknowledge`,
    statuses: [401, 409, 404, 409, 409, 404, 403],
    note:
      "Northwind's advice, not a must-read in the demo data: who receives it gets 409 (the accepted path is in " +
      'test/routes/api/reach/must-read.test.ts); who does not, 404; display-as only looks (403)',
  },
  'PUT /api/admin/advices/:id/must-read': {
    url: (ids) => `/api/admin/advices/${ids.contosoAdviceId}/must-read`,
    body: () => ({ must_read: true }),
    statuses: [401, 403, 403, 404, 404, 200, 403],
    note: "Contoso's advice: 404 for Northwind's contributor and publisher (ids do not leak), any entity for an administrator",
  },
  'GET /api/admin/advices/:id/reach': {
    url: (ids) => `/api/admin/advices/${ids.northwindAdviceId}/reach`,
    statuses: [401, 403, 403, 200, 200, 200, 403],
    note: "Northwind's advice: its company's contributor and publisher, and the publisher's administrators; a user's call is 403",
  },
  'GET /api/admin/advices/:id/reach.csv': {
    url: (ids) => `/api/admin/advices/${ids.contosoAdviceId}/reach.csv`,
    statuses: [401, 403, 403, 404, 404, 200, 403],
    note: "Contoso's advice: 404 for Northwind's contributor and publisher (ids do not leak), any company for an administrator",
  },
};
