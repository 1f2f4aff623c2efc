import type { ExpectationTable } from '../expectation';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
// The fixture discussion is the Northwind user's, with the consultant: only its two parties write in
// it; an administrator reads it; nobody else learns that it exists (404).
export const discussions: ExpectationTable = {
  'GET /api/discussions': { statuses: [401, 200, 200, 200, 200, 200, 200] },
  'GET /api/discussions/all': { statuses: [401, 200, 200, 200, 200, 200, 200] },
  'GET /api/discussions/pending': { statuses: [401, 200, 200, 200, 200, 200, 200] },
  'GET /api/discussions/:id/messages': {
    url: (ids) => `/api/discussions/${ids.northwindDiscussionId}/messages`,
    statuses: [401, 200, 404, 404, 404, 200, 200],
    note: 'a party or an administrator reads a discussion; others get 404',
  },
  'POST /api/discussions': {
    body: (ids) => ({ message: 'Any news?', discussion_id: ids.northwindDiscussionId }),
    statuses: [401, 201, 404, 404, 404, 403, 403],
    note: 'only the parties write; an administrator sees the discussion but is not a party; display-as is read-only',
  },
  'POST /api/messages/replace': {
    body: (ids) => ({ id: ids.userMessageId, message: 'Hello, my report is very slow.' }),
    statuses: [401, 200, 404, 404, 404, 403, 403],
    note: "the user's own message: only its author edits it, and not through display-as",
  },
  'DELETE /api/messages/:id': {
    url: (ids) => `/api/messages/${ids.userMessageId}`,
    statuses: [401, 204, 404, 404, 404, 403, 403],
    note: "the user's own message: only its author deletes it, and not through display-as",
  },
  'POST /api/discussions/events/ticket': { statuses: [401, 200, 200, 200, 200, 200, 200] },
  'GET /api/discussions/events': {
    statuses: [401, 401, 401, 401, 401, 401, 401],
    note: 'the stream takes a ticket, never the bearer token: without one, 401 for everyone',
  },
  'GET /api/admin/discussions': { statuses: [401, 403, 403, 200, 200, 200, 403] },
  'GET /api/admin/discussions/all': { statuses: [401, 403, 403, 200, 200, 200, 403] },
  'GET /api/admin/discussions/history/:id': {
    url: (ids) => `/api/admin/discussions/history/${ids.northwindDiscussionId}`,
    statuses: [401, 403, 403, 200, 200, 200, 403],
    note: "a Northwind customer's discussion: Northwind's contributor and publisher see it, as does the administrator",
  },
};
