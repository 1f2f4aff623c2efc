import type { ExpectationTable } from '../expectation';

// Personas: northwind user, contoso user (otherEntityUser), northwind contributor, northwind
// publisher, the entity-less administrator, and the administrator displaying the northwind user.
// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
const ADMIN_ONLY = [401, 403, 403, 403, 403, 200, 403] as const;
const ADMIN_ONLY_204 = [401, 403, 403, 403, 403, 204, 403] as const;

export const people: ExpectationTable = {
  // Users
  'GET /api/user/:id': {
    url: (ids) => `/api/user/${ids.userId}`,
    statuses: [401, 200, 404, 200, 200, 200, 200],
    note: "the Northwind user: themselves, their entity's people and administrators; another entity's user gets 404",
  },
  'PUT /api/user/set-my-profile-image/:id': {
    url: (ids) => `/api/user/set-my-profile-image/${ids.profileImageId}`,
    statuses: [401, 200, 404, 404, 404, 200, 403],
    note: "the Northwind user's own upload: another person's picture is 404 (its URL key is not theirs), an administrator may use any; display-as only looks",
  },
  'PUT /api/user/unset-my-profile-image': {
    statuses: [401, 200, 200, 200, 200, 200, 403],
    note: "one's own profile only: display-as only looks",
  },
  'GET /api/admin/users': { statuses: ADMIN_ONLY },
  'GET /api/admin/users/:id': { url: (ids) => `/api/admin/users/${ids.userId}`, statuses: ADMIN_ONLY },
  'PUT /api/admin/users/:id': {
    url: (ids) => `/api/admin/users/${ids.userId}`,
    body: () => ({ first_name: 'Nina', welcome_message: 'Welcome back, Nina.', pbi_groups: ['NW-Sales'] }),
    statuses: ADMIN_ONLY,
  },
  'POST /api/admin/users/:id/end-sessions': {
    url: (ids) => `/api/admin/users/${ids.userId}/end-sessions`,
    statuses: ADMIN_ONLY_204,
    resetAfter: true,
    note: "the Northwind user's sessions end: later rows need their token again",
  },
  'GET /api/admin/users/entity/:id': {
    url: (ids) => `/api/admin/users/entity/${ids.northwindEntityId}`,
    statuses: [401, 403, 403, 200, 200, 200, 403],
    note: "Northwind's users: the entity admin area serves a contributor or publisher of Northwind too",
  },
  'GET /api/admin/users/get/no-entity': { statuses: ADMIN_ONLY },
  'GET /api/admin/users/get/contacts/': { statuses: ADMIN_ONLY },
  'GET /api/admin/users/get/displayas/': { statuses: ADMIN_ONLY },

  // Entities
  'GET /api/entities': { statuses: [401, 200, 200, 200, 200, 200, 200], note: 'an administrator gets all entities, anyone else their own' },
  'GET /api/admin/entities': { statuses: ADMIN_ONLY },
  'POST /api/admin/entities': { body: () => ({ name: 'Fabrikam' }), statuses: [401, 403, 403, 403, 403, 201, 403] },
  'GET /api/admin/entities/:id': { url: (ids) => `/api/admin/entities/${ids.contosoEntityId}`, statuses: ADMIN_ONLY },
  'PUT /api/admin/entities/:id': {
    url: (ids) => `/api/admin/entities/${ids.contosoEntityId}`,
    body: () => ({ name: 'Contoso Ltd' }),
    statuses: ADMIN_ONLY,
  },
  'DELETE /api/admin/entities/:id': {
    url: (ids) => `/api/admin/entities/${ids.contosoEntityId}`,
    statuses: [401, 403, 403, 403, 403, 204, 403],
  },
  'PUT /api/admin/entities/:entityId/user/add/:userId': {
    url: (ids) => `/api/admin/entities/${ids.contosoEntityId}/user/add/${ids.userId}`,
    statuses: ADMIN_ONLY,
  },
  'PUT /api/admin/entities/:entityId/user/remove/:userId': {
    url: (ids) => `/api/admin/entities/${ids.northwindEntityId}/user/remove/${ids.userId}`,
    statuses: ADMIN_ONLY,
  },

  // Groups
  'GET /api/admin/groups': { statuses: ADMIN_ONLY },
  'POST /api/admin/groups': {
    body: (ids) => ({ name: 'Finance readers', pbi_group_name: 'FIN-Readers', user_ids: [ids.otherEntityUserId] }),
    statuses: [401, 403, 403, 403, 403, 201, 403],
  },
  'GET /api/admin/groups/:id': { url: (ids) => `/api/admin/groups/${ids.northwindGroupId}`, statuses: ADMIN_ONLY },
  'PUT /api/admin/groups/:id': {
    url: (ids) => `/api/admin/groups/${ids.northwindGroupId}`,
    body: (ids) => ({ name: 'Northwind sales team', user_ids: [ids.userId] }),
    statuses: ADMIN_ONLY,
  },
  'DELETE /api/admin/groups/:id': {
    url: (ids) => `/api/admin/groups/${ids.northwindGroupId}`,
    statuses: [401, 403, 403, 403, 403, 204, 403],
  },
  'GET /api/admin/groups/:id/users': { url: (ids) => `/api/admin/groups/${ids.northwindGroupId}/users`, statuses: ADMIN_ONLY },
  'PUT /api/admin/groups/:id/users/add/:userId': {
    url: (ids) => `/api/admin/groups/${ids.northwindGroupId}/users/add/${ids.otherEntityUserId}`,
    statuses: ADMIN_ONLY,
  },
  'PUT /api/admin/groups/:id/users/remove/:userId': {
    url: (ids) => `/api/admin/groups/${ids.northwindGroupId}/users/remove/${ids.userId}`,
    statuses: ADMIN_ONLY,
    note: 'the Northwind user is a member of Northwind sales',
  },

  // Power BI Report Server sync (the matrix runs a stand-in report server)
  'PUT /api/admin/pbi/refresh-groups': { statuses: ADMIN_ONLY },
  'PUT /api/admin/pbi/refresh-users': { statuses: ADMIN_ONLY },

  // Helpdesk tickets
  'GET /api/tickets': {
    statuses: [401, 200, 200, 200, 200, 200, 200],
    note: "the entity in force's tickets; none for the entity-less administrator",
  },
  'POST /api/tickets': {
    body: () => ({ title: 'Dashboard is slow', description: 'The stock dashboard takes a minute to open.' }),
    statuses: [401, 201, 201, 201, 201, 400, 403],
    note: 'for the caller’s entity: the entity-less administrator has none (400); display-as only looks (403)',
  },
  'GET /api/admin/tickets': { statuses: ADMIN_ONLY },
  'PUT /api/admin/tickets/:id': {
    url: (ids) => `/api/admin/tickets/${ids.northwindTicketId}`,
    body: () => ({ status: 'closed' }),
    statuses: ADMIN_ONLY,
  },
};
