import type { ExpectationTable, Statuses } from '../expectation';
import type { Fixtures } from '../fixtures';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
const SIGNED_IN: Statuses = [401, 200, 200, 200, 200, 200, 200];
/** The admin scope: contributor or more, judged on the displayed user (the administrator displaying a user is a user). */
const CONTRIBUTORS = (status: number): Statuses => [401, 403, 403, status, status, status, 403];
const ADMINISTRATORS = (status: number): Statuses => [401, 403, 403, 403, 403, status, 403];
const OTHER_ENTITY: Statuses = [401, 403, 403, 404, 404, 200, 403];
const OTHER_ENTITY_NOTE =
  "another entity's item: 404 for Northwind's contributor and publisher (ids do not leak), any entity for an administrator";

/** Advices and dashboards share the admin pattern (per entity, with an audience). */
function perEntityAdmin(
  base: '/api/admin/advices' | '/api/admin/dashboards',
  ids: { published: (f: Fixtures) => number; draft: (f: Fixtures) => number; other: (f: Fixtures) => number },
  createBody: (f: Fixtures) => object,
): ExpectationTable {
  return {
    [`GET ${base}`]: { statuses: CONTRIBUTORS(200) },
    [`POST ${base}`]: {
      body: createBody,
      statuses: CONTRIBUTORS(201),
      note: "into Northwind: the contributor's and publisher's own entity, named for the entity-less administrator",
    },
    [`GET ${base}/:id`]: { url: (f) => `${base}/${ids.other(f)}`, statuses: OTHER_ENTITY, note: OTHER_ENTITY_NOTE },
    [`PUT ${base}/:id`]: {
      url: (f) => `${base}/${ids.draft(f)}`,
      body: () => ({ title: 'Edited by the matrix' }),
      statuses: CONTRIBUTORS(200),
      note: 'a draft: published items answer 409',
    },
    [`DELETE ${base}/:id`]: { url: (f) => `${base}/${ids.published(f)}`, statuses: CONTRIBUTORS(204) },
    [`PUT ${base}/:id/publish`]: { url: (f) => `${base}/${ids.draft(f)}/publish`, statuses: CONTRIBUTORS(200) },
    [`PUT ${base}/:id/unpublish`]: { url: (f) => `${base}/${ids.published(f)}/unpublish`, statuses: CONTRIBUTORS(200) },
    [`GET ${base}/:id/users`]: { url: (f) => `${base}/${ids.published(f)}/users`, statuses: CONTRIBUTORS(200) },
    [`PUT ${base}/:id/users/set-unique/:userId`]: {
      url: (f) => `${base}/${ids.published(f)}/users/set-unique/${f.userId}`,
      statuses: CONTRIBUTORS(200),
    },
    [`PUT ${base}/:id/users/add/:userId`]: { url: (f) => `${base}/${ids.published(f)}/users/add/${f.userId}`, statuses: CONTRIBUTORS(200) },
    [`PUT ${base}/:id/users/remove/:userId`]: {
      url: (f) => `${base}/${ids.published(f)}/users/remove/${f.userId}`,
      statuses: CONTRIBUTORS(200),
    },
    [`PUT ${base}/:id/users/clear`]: { url: (f) => `${base}/${ids.published(f)}/users/clear`, statuses: CONTRIBUTORS(200) },
  };
}

export const content: ExpectationTable = {
  // Users' side.
  'GET /api/news-items': { statuses: SIGNED_IN },
  'GET /api/news-items/:id': {
    url: (f) => `/api/news-items/${f.newsItemId}`,
    statuses: SIGNED_IN,
    note: 'a published news item: news are for every entity',
  },
  'GET /api/dashboards': { statuses: SIGNED_IN },
  'GET /api/dashboards/:id': {
    url: (f) => `/api/dashboards/${f.northwindDashboardId}`,
    statuses: [401, 200, 404, 200, 200, 404, 200],
    note: "Northwind's dashboard: another entity's user and the entity-less administrator get 404",
  },
  'PUT /api/dashboards/:id/favourite': {
    url: (f) => `/api/dashboards/${f.northwindDashboardId}/favourite`,
    statuses: [401, 204, 404, 204, 204, 404, 403],
    note: "a star on Northwind's dashboard: only who sees it (404 otherwise); display-as does not change the user's favourites",
  },
  'DELETE /api/dashboards/:id/favourite': {
    url: (f) => `/api/dashboards/${f.northwindDashboardId}/favourite`,
    statuses: [401, 204, 404, 204, 204, 404, 403],
    note: 'the same rule as starring',
  },
  'GET /api/categories': { statuses: SIGNED_IN },
  'GET /api/images/category/:category': { url: () => '/api/images/category/banner', statuses: SIGNED_IN },
  'POST /api/images': {
    body: () => ({ category: 'profile' }),
    statuses: [401, 400, 400, 400, 400, 400, 400],
    note: "multipart only: the matrix's JSON gets 'File is Required'; uploads (profile for anyone, other categories for contributors) are tested in images.test.ts",
  },
  'GET /api/images/:id/file/:key': {
    url: (f) => `/api/images/${f.bannerImageId}/file/${f.bannerImageKey}`,
    statuses: [200, 200, 200, 200, 200, 200, 200],
    note: 'public: <img> tags send no bearer token; the random key makes the URL unguessable',
  },
  'GET /api/images/:id/file': {
    url: (f) => `/api/images/${f.bannerImageId}/file`,
    statuses: [404, 404, 404, 404, 404, 404, 404],
    note: 'the sequential URL of before the keys: 404 for everyone, the bytes are only behind the key',
  },
  'GET /api/trainings/upcoming': { statuses: SIGNED_IN },
  'GET /api/trainings': { statuses: SIGNED_IN },

  // Admin: advices and dashboards, per entity.
  ...perEntityAdmin(
    '/api/admin/advices',
    { published: (f) => f.northwindAdviceId, draft: (f) => f.northwindDraftAdviceId, other: (f) => f.contosoAdviceId },
    (f) => ({ title: 'Matrix advice', entity_id: f.northwindEntityId }),
  ),
  'GET /api/admin/users/:id/advices-with-sources': {
    url: (f) => `/api/admin/users/${f.userId}/advices-with-sources`,
    statuses: CONTRIBUTORS(200),
  },
  ...perEntityAdmin(
    '/api/admin/dashboards',
    { published: (f) => f.northwindDashboardId, draft: (f) => f.northwindDraftDashboardId, other: (f) => f.contosoDashboardId },
    (f) => ({ title: 'Matrix dashboard', url: 'https://reports.example.com/reports/powerbi/Matrix', entity_id: f.northwindEntityId }),
  ),
  'GET /api/admin/users/:id/dashboards-with-sources': {
    url: (f) => `/api/admin/users/${f.userId}/dashboards-with-sources`,
    statuses: CONTRIBUTORS(200),
  },

  // Admin: news items, not per entity.
  'GET /api/admin/news-items': { statuses: CONTRIBUTORS(200) },
  'POST /api/admin/news-items': { body: () => ({ title: 'Matrix news' }), statuses: CONTRIBUTORS(201) },
  'GET /api/admin/news-items/:id': { url: (f) => `/api/admin/news-items/${f.draftNewsItemId}`, statuses: CONTRIBUTORS(200) },
  'PUT /api/admin/news-items/:id': {
    url: (f) => `/api/admin/news-items/${f.draftNewsItemId}`,
    body: () => ({ title: 'Edited by the matrix' }),
    statuses: CONTRIBUTORS(200),
  },
  'DELETE /api/admin/news-items/:id': { url: (f) => `/api/admin/news-items/${f.newsItemId}`, statuses: CONTRIBUTORS(204) },
  'PUT /api/admin/news-items/:id/publish': {
    url: (f) => `/api/admin/news-items/${f.draftNewsItemId}/publish`,
    statuses: CONTRIBUTORS(200),
  },
  'PUT /api/admin/news-items/:id/unpublish': { url: (f) => `/api/admin/news-items/${f.newsItemId}/unpublish`, statuses: CONTRIBUTORS(200) },

  // Admin: categories, administrators only.
  'GET /api/admin/categories': { statuses: ADMINISTRATORS(200) },
  'POST /api/admin/categories': { body: () => ({ name: 'Matrix', color: '#123456' }), statuses: ADMINISTRATORS(201) },
  'GET /api/admin/categories/:id': { url: (f) => `/api/admin/categories/${f.categoryId}`, statuses: ADMINISTRATORS(200) },
  'PUT /api/admin/categories/:id': {
    url: (f) => `/api/admin/categories/${f.categoryId}`,
    body: () => ({ name: 'Renamed' }),
    statuses: ADMINISTRATORS(200),
  },
  'DELETE /api/admin/categories/:id': { url: (f) => `/api/admin/categories/${f.categoryId}`, statuses: ADMINISTRATORS(204) },

  // Admin: the image library.
  'GET /api/admin/images': { statuses: CONTRIBUTORS(200) },
  'GET /api/admin/images/category/:category': { url: () => '/api/admin/images/category/banner', statuses: CONTRIBUTORS(200) },
  'GET /api/admin/images/:id': { url: (f) => `/api/admin/images/${f.bannerImageId}`, statuses: CONTRIBUTORS(200) },
  'POST /api/admin/images': {
    body: () => ({ category: 'banner' }),
    statuses: CONTRIBUTORS(400),
    note: "multipart only: the matrix's JSON gets 'File is Required'; uploads are tested in images.test.ts",
  },
  'POST /api/admin/images/:id': {
    url: (f) => `/api/admin/images/${f.spareImageId}`,
    body: () => ({ name: 'Renamed' }),
    statuses: CONTRIBUTORS(400),
    note: 'multipart only: JSON is refused with 400; updates are tested in images.test.ts',
  },
  'DELETE /api/admin/images/:id': { url: (f) => `/api/admin/images/${f.spareImageId}`, statuses: CONTRIBUTORS(204) },

  // Admin: trainings.
  'GET /api/admin/trainings': { statuses: CONTRIBUTORS(200) },
  'POST /api/admin/trainings': {
    body: () => ({ intitule: 'Matrix training', date_debut: '2030-01-07T09:00:00.000Z', kind: 'webinar' }),
    statuses: CONTRIBUTORS(201),
  },
  'GET /api/admin/trainings/:id': { url: (f) => `/api/admin/trainings/${f.trainingId}`, statuses: CONTRIBUTORS(200) },
  'PUT /api/admin/trainings/:id': {
    url: (f) => `/api/admin/trainings/${f.trainingId}`,
    body: () => ({ intitule: 'Renamed' }),
    statuses: CONTRIBUTORS(200),
  },
  'DELETE /api/admin/trainings/:id': { url: (f) => `/api/admin/trainings/${f.trainingId}`, statuses: CONTRIBUTORS(204) },
};
