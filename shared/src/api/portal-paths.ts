// The portal's browser paths, written once: the remotes declare their routes with them, and the
// server writes them into what it hands out (search hits, notifications, reminders and the mails
// made from them). Plain functions, without schemas or React, so that any bundle may take them.
// A path's segments that are not ids (a company's slug) are encoded; an id is a number, or a route
// parameter (`':id'`) where a remote declares the route itself.

type Id = number | string;

/** The customers' portal: the areas the shell mounts remotes on, and each item kind's page. */
export const portalPaths = {
  advices: '/advices',
  /** An advice's page (remote-content). */
  advice: (id: Id) => `/advices/details/${id}`,
  newsItems: '/news-items',
  /** A news item's page (remote-content). */
  newsItem: (id: Id) => `/news-items/details/${id}`,
  /** The trainings have no page of their own: the list shows them all. */
  trainings: '/trainings',
  dashboards: '/dashboards',
  /** A dashboard, framed (remote-dashboards). */
  dashboard: (id: Id) => `/dashboards/${id}`,
  /** The person's open discussions with their consultant (remote-contact). */
  contact: '/contact',
  /** Their closed discussions. */
  contactClosed: '/contact-close',
  /** The helpdesk tickets of the company in force; a ticket opens in the list. */
  tickets: '/tickets',
  /** Collectmaster, the file exchange (remote-collectmaster). */
  collectmaster: '/collectmaster',
  /** The latest files of everything the person sees (a static segment: it wins over a slug). */
  collectmasterLatest: '/collectmaster/latest-files',
  /** A company's collections. */
  exchangeEntity: (slug: string) => `/collectmaster/${encodeURIComponent(slug)}`,
  /** A collection's folders. */
  exchangeCollection: (slug: string, collectionId: Id) => `/collectmaster/${encodeURIComponent(slug)}/${collectionId}`,
  /** A folder's files (a file opens in its folder). */
  exchangeFolder: (slug: string, collectionId: Id, folderId: Id) =>
    `/collectmaster/${encodeURIComponent(slug)}/${collectionId}/${folderId}`,
  /** The person's own profile (the shell): their picture, their data export. */
  profile: '/profile',
} as const;

/** A console's list path and its details page: with an id it edits that item, without one it creates. */
export const consoleDetailsPath = (listPath: string, id?: Id | null) => `${listPath}/details${id ? `/${id}` : ''}`;

const consoles = {
  admin: '/admin',
  entityAdmin: '/entity/admin',
  documentation: '/documentation',
  entityDocumentation: '/entity/documentation',
  /** The company in force's consoles (contributor or more). */
  advices: '/entity/admin/advices',
  dashboards: '/entity/admin/dashboard',
  /** The entity admin area's users (contributor or more, the company in force); a user opens in the list. */
  entityUsers: '/entity/admin/users',
  /** The publisher's consoles (administrators, and the staff for some). */
  newsItems: '/admin/news-items',
  categories: '/admin/categories',
  trainings: '/admin/trainings',
  images: '/admin/images',
  users: '/admin/users',
  entities: '/admin/entities',
  groups: '/admin/groups',
  audit: '/admin/audit',
  mail: '/admin/mail',
  remotes: '/admin/remotes',
  tickets: '/admin/tickets',
} as const;

/** The consoles (remote-admin): the lists, and each item kind's details page. */
export const adminPaths = {
  ...consoles,
  advice: (id: Id) => consoleDetailsPath(consoles.advices, id),
  dashboard: (id: Id) => consoleDetailsPath(consoles.dashboards, id),
  newsItem: (id: Id) => consoleDetailsPath(consoles.newsItems, id),
  training: (id: Id) => consoleDetailsPath(consoles.trainings, id),
  user: (id: Id) => consoleDetailsPath(consoles.users, id),
  company: (id: Id) => consoleDetailsPath(consoles.entities, id),
  group: (id: Id) => consoleDetailsPath(consoles.groups, id),
  ticket: (id: Id) => consoleDetailsPath(consoles.tickets, id),
} as const;
