import type { ExpectationTable } from '../expectation';

// anonymous, user, otherEntityUser, contributor, publisher, administrator, adminDisplayingUser
// Collectmaster (/api/v2, called with file-exchange tokens). The fixtures are Northwind's: the
// Contoso user meets 404 wherever an id or slug names them; the staff's writes need contributor or
// more (Northwind's contributor and publisher on Northwind, the administrator anywhere); any call in
// display-as is refused with 403.
const READ = [401, 200, 404, 200, 200, 200, 403] as const;
const STAFF = (ok: number) => [401, 403, 403, ok, ok, ok, 403] as const;
const BOUNDARY = 'matrix-boundary';
const multipart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="matrix.csv"\r\nContent-Type: text/csv\r\n\r\na;b\r\n--${BOUNDARY}--\r\n`;
const tus = { 'tus-resumable': '1.0.0' };
const metadata = (folderId: number) =>
  `folderId ${Buffer.from(String(folderId)).toString('base64')},filename ${Buffer.from('matrix.csv').toString('base64')}`;

export const fileExchange: ExpectationTable = {
  'GET /api/v2/entities': {
    statuses: [401, 200, 200, 200, 200, 200, 403],
    note: 'each sees the entities in his scope; display-as is refused',
  },
  'GET /api/v2/entity/:slug/collections': { url: () => '/api/v2/entity/northwind-traders/collections', statuses: READ },
  'GET /api/v2/collection/:id': { url: (ids) => `/api/v2/collection/${ids.northwindCollectionId}`, statuses: READ },
  'GET /api/v2/collection/:id/folders': { url: (ids) => `/api/v2/collection/${ids.northwindCollectionId}/folders`, statuses: READ },
  'GET /api/v2/folder/:id': { url: (ids) => `/api/v2/folder/${ids.northwindFolderId}`, statuses: READ },
  'GET /api/v2/folder/:id/files': { url: (ids) => `/api/v2/folder/${ids.northwindFolderId}/files`, statuses: READ },
  'GET /api/v2/folder/:id/zip': { url: (ids) => `/api/v2/folder/${ids.northwindFolderId}/zip`, statuses: READ },
  'GET /api/v2/file/:id/download': { url: (ids) => `/api/v2/file/${ids.northwindFileId}/download`, statuses: READ },
  'POST /api/v2/file/:id/download-ticket': {
    url: (ids) => `/api/v2/file/${ids.northwindFileId}/download-ticket`,
    statuses: READ,
    note: 'the same rights as the download; the GET then takes ?ticket= instead of the token',
  },
  'POST /api/v2/folder/:id/zip-ticket': { url: (ids) => `/api/v2/folder/${ids.northwindFolderId}/zip-ticket`, statuses: READ },
  'GET /api/v2/latest-files': { statuses: [401, 200, 200, 200, 200, 200, 403] },
  'GET /api/v2/counters': { statuses: [401, 200, 200, 200, 200, 200, 403] },
  'GET /api/v2/limits': { statuses: [401, 200, 200, 200, 200, 200, 403] },
  'POST /api/v2/entity/:id/folders/:folderId/upload-files': {
    url: (ids) => `/api/v2/entity/${ids.northwindEntityId}/folders/${ids.northwindFolderId}/upload-files`,
    headers: () => ({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }),
    body: () => multipart,
    statuses: [401, 201, 404, 201, 201, 201, 403],
    note: "Northwind's people upload into Northwind's folder; the Contoso user does not see it",
  },
  'POST /api/v2/uploads': {
    headers: (ids) => ({ ...tus, 'upload-length': '3', 'upload-metadata': metadata(ids.northwindFolderId) }),
    statuses: [401, 201, 404, 201, 201, 201, 403],
    note: 'a resumable upload is created into a folder the caller sees',
  },
  'PATCH /api/v2/uploads/:id': {
    url: () => '/api/v2/uploads/0123456789abcdef0123456789abcdef',
    headers: () => ({ ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
    statuses: [401, 404, 404, 404, 404, 404, 403],
    note: 'no such upload: tus answers 404 after the guard',
  },
  'DELETE /api/v2/uploads/:id': {
    url: () => '/api/v2/uploads/0123456789abcdef0123456789abcdef',
    headers: () => tus,
    statuses: [401, 404, 404, 404, 404, 404, 403],
  },
  'POST /api/v2/events/ticket': { statuses: [401, 200, 200, 200, 200, 200, 403] },
  'GET /api/v2/events': { statuses: [401, 401, 401, 401, 401, 401, 401], note: 'the stream takes a ticket, never the bearer token' },
  'POST /api/v2/entity/:id/collections': {
    url: (ids) => `/api/v2/entity/${ids.northwindEntityId}/collections`,
    body: () => ({ project: 'Matrix project' }),
    statuses: STAFF(201),
  },
  'PUT /api/v2/collection/:id': {
    url: (ids) => `/api/v2/collection/${ids.northwindCollectionId}`,
    body: () => ({ project: 'Renamed project' }),
    statuses: STAFF(200),
  },
  'DELETE /api/v2/collection/:id': { url: (ids) => `/api/v2/collection/${ids.northwindCollectionId}`, statuses: STAFF(204) },
  'POST /api/v2/collection/:id/folders': {
    url: (ids) => `/api/v2/collection/${ids.northwindCollectionId}/folders`,
    body: () => ({ name: 'Matrix folder' }),
    statuses: STAFF(201),
  },
  'PUT /api/v2/folder/:id': {
    url: (ids) => `/api/v2/folder/${ids.northwindFolderId}`,
    body: () => ({ name: 'Renamed folder' }),
    statuses: STAFF(200),
  },
  'DELETE /api/v2/folder/:id': { url: (ids) => `/api/v2/folder/${ids.northwindFolderId}`, statuses: STAFF(204) },
  'POST /api/v2/folder/:id/files': {
    url: (ids) => `/api/v2/folder/${ids.northwindFolderId}/files`,
    body: () => ({ name: 'expected.csv' }),
    statuses: STAFF(201),
  },
  'PUT /api/v2/file/:id': {
    url: (ids) => `/api/v2/file/${ids.northwindFileId}`,
    body: () => ({ name: 'renamed.csv' }),
    statuses: STAFF(200),
  },
  'DELETE /api/v2/file/:id': { url: (ids) => `/api/v2/file/${ids.northwindMissingFileId}`, statuses: STAFF(204) },
  'GET /api/v2/due-requests': {
    statuses: [401, 200, 200, 200, 200, 200, 403],
    note: 'each lists the open requests of the entities in his scope',
  },
  'PUT /api/v2/folder/:id/due': {
    url: (ids) => `/api/v2/folder/${ids.northwindFolderId}/due`,
    body: () => ({ due_on: '2031-03-10' }),
    statuses: STAFF(200),
  },
  'PUT /api/v2/file/:id/due': {
    url: (ids) => `/api/v2/file/${ids.northwindMissingFileId}/due`,
    body: () => ({ due_on: '2031-03-10' }),
    statuses: STAFF(200),
    note: 'a missing file only (409 once it arrived)',
  },
  'PUT /api/v2/file/:id/state': {
    url: (ids) => `/api/v2/file/${ids.northwindFileId}/state`,
    body: () => ({ state: 4 }),
    statuses: STAFF(200),
  },
};
