import { unsubscribeToken } from '../../../src/lib/mail/unsubscribe-link';
import { testConfig } from '../../test-support/helper';
import type { ExpectationTable } from '../expectation';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
const ADMIN_ONLY = [401, 403, 403, 403, 403, 200, 403] as const;
const PUBLIC = [200, 200, 200, 200, 200, 200, 200] as const;
const link = (userId: number) => `/api/unsubscribe/${unsubscribeToken(testConfig().sessionSecret, userId, 'discussions')}`;

export const mail: ExpectationTable = {
  'GET /api/notifications/preferences': {
    statuses: [401, 200, 200, 200, 200, 200, 200],
    note: "one's own (during display-as, the displayed person's)",
  },
  'PUT /api/notifications/preferences': {
    body: () => ({ digest_hour: 9, delivery: { content: 'email' } }),
    statuses: [401, 200, 200, 200, 200, 200, 403],
    note: "one's own; display-as only looks",
  },
  'GET /api/unsubscribe/:token': {
    url: (ids) => link(ids.userId),
    statuses: PUBLIC,
    note: 'the link of an email: no sign-in, the signed token names the person and the kind; a visit only shows a button',
  },
  'POST /api/unsubscribe/:token': {
    url: (ids) => link(ids.userId),
    statuses: PUBLIC,
    note: "one-click unsubscribe (RFC 8058): no sign-in, the signed token is the right to turn that kind's email off",
  },
  'GET /api/admin/mail/outbox': { statuses: ADMIN_ONLY },
  'POST /api/admin/mail/outbox/:id/retry': {
    url: () => '/api/admin/mail/outbox/1/retry',
    statuses: [401, 403, 403, 403, 403, 404, 403],
    note: 'the demo data has no failed email: the administrator passes the check and meets 404 (the retry is proved in test/plugins/app/mail)',
  },
  'GET /api/admin/mail/received': { statuses: ADMIN_ONLY },
  'GET /api/admin/mail/received/:id': {
    url: () => '/api/admin/mail/received/1',
    statuses: [401, 403, 403, 403, 403, 404, 403],
    note: 'the matrix sends no email: the administrator passes the check and meets 404 (the details are proved in test/plugins/app/mail)',
  },
};
