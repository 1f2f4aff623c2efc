import type { ExpectationTable } from '../expectation';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
export const search: ExpectationTable = {
  'GET /api/search': {
    url: () => '/api/search?q=report&scope=admin',
    statuses: [401, 403, 403, 200, 200, 200, 403],
    note: 'the consoles’ scope is for contributors and above (rights of the displayed user); the portal scope answers every signed-in person, each with what they may see (test/routes/api/search)',
  },
};
