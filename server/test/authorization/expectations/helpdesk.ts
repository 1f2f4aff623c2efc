import type { ExpectationTable } from '../expectation';

// Personas, in order: anonymous, user (Northwind), otherEntityUser (Contoso), contributor (Northwind),
// publisher (Northwind), administrator (no entity), adminDisplayingUser (displaying the Northwind user).

/** The helpdesk conversation and the entity admin area's user details. */
export const helpdesk: ExpectationTable = {
  'GET /api/tickets/:id': {
    url: (ids) => `/api/tickets/${ids.northwindTicketId}`,
    statuses: [401, 200, 404, 200, 200, 404, 200],
    note: "Northwind's ticket, opened by the Northwind user: another entity's user and the entity-less administrator get 404",
  },
  'POST /api/tickets/:id/messages': {
    url: (ids) => `/api/tickets/${ids.northwindTicketId}/messages`,
    body: () => ({ message: 'It still does not refresh this morning.' }),
    statuses: [401, 201, 404, 201, 201, 404, 403],
    note: "the customer's side of the conversation: a ticket of one's list, else 404; display-as only looks (403)",
  },
  'GET /api/admin/tickets/:id': {
    url: (ids) => `/api/admin/tickets/${ids.northwindTicketId}`,
    statuses: [401, 403, 403, 403, 403, 200, 403],
  },
  'POST /api/admin/tickets/:id/messages': {
    url: (ids) => `/api/admin/tickets/${ids.northwindTicketId}/messages`,
    body: () => ({ message: 'We are looking into it.' }),
    statuses: [401, 403, 403, 403, 403, 201, 403],
    note: 'a staff reply: administrators only',
  },
  'GET /api/admin/users/entity/:entityId/user/:userId': {
    url: (ids) => `/api/admin/users/entity/${ids.northwindEntityId}/user/${ids.userId}`,
    statuses: [401, 403, 403, 200, 200, 200, 403],
    note: "a Northwind user for the entity admin area: Northwind's contributor and publisher, and administrators",
  },
};
