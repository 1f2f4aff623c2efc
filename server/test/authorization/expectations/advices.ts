import type { ExpectationTable } from '../expectation';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
export const advices: ExpectationTable = {
  'GET /api/advices': { statuses: [401, 200, 200, 200, 200, 200, 200] },
  'GET /api/advices/:id': {
    url: (ids) => `/api/advices/${ids.northwindAdviceId}`,
    statuses: [401, 200, 404, 200, 200, 404, 200],
    note: "Northwind's advice: another entity's user and the entity-less administrator get 404 so ids do not leak",
  },
};
