import { Type, type Static } from 'typebox';
import { ListOf, Nullable } from './common';
import { FILE_EXCHANGE_LIMITS } from './file-exchange-paths';

/*
 * The file-exchange API (Collectmaster, docs/product.md §1, §3, §4, §7), under /api/v2 with its own token
 * (audience files-api: POST /api/v2/auth/login). Every call but login needs `Authorization: Bearer`.
 * State codes, limits, messages, event names and paths without schemas: ./file-exchange-paths.ts.
 *
 * Rights. A customer sees and writes only his entity's collections: another entity's slug or id
 * answers 404, never 403. The publisher's staff — a contributor or more without an entity of his
 * own (consultant@demo.test), or an administrator — see and manage every entity; a contributor or
 * publisher of an entity (its Entity Admin) manages his own entity only. "Staff" below means
 * contributor or more on that entity; otherwise 403 (FILE_EXCHANGE_MESSAGES.staffOnly).
 * Collectmaster is unavailable in display-as: any call with Display-As-User-Id answers 403.
 *
 * Everyone (reads):
 *   GET  entities                          → FileExchangeEntityList (?page, page_size)
 *   GET  entity/{slug}/collections         → CollectionList (?page, page_size)
 *   GET  collection/{id}                   → Collection (breadcrumbs after a reload)
 *   GET  collection/{id}/folders           → FolderList (?page, page_size)
 *   GET  folder/{id}                       → FolderDetail (breadcrumbs after a reload)
 *   GET  folder/{id}/files                 → FileExchangeFileList (?page, page_size ≤ 100; by name)
 *   GET  latest-files?n=                   → LatestFiles: updated_at descending, n default 5, max 100, 400 above
 *   GET  file/{id}/download                → the bytes, streamed; Content-Disposition attachment with
 *                                            name_original (RFC 5987); a missing slot → 404 notUploaded
 *   GET  folder/{id}/zip                   → application/zip of the folder's uploaded files, streamed
 *   POST file/{id}/download-ticket, folder/{id}/zip-ticket → DownloadTicket: { url } with ?ticket=, valid
 *                                            60 s for that user, that item and that purpose; the GET
 *                                            takes it instead of the bearer token (the browser streams to disk)
 *   GET  counters                          → Counters (files waiting for review in what you see)
 *   GET  limits                            → Limits (the server's FILES_MAX_SIZE)
 * Everyone (writes; the customer on his entity, staff on theirs):
 *   POST entity/{id}/folders/{folderId}/upload-files   multipart, field `files` (one or several
 *        parts), optional field or query `conflict` = replace | keep-both, optional query or field
 *        `fileId` = the missing slot the (single) file fills → 201 UploadResult. A name already in
 *        the folder without `conflict` → 409 (FILE_EXCHANGE_MESSAGES.duplicate lists the names) and
 *        nothing is stored; a part over FILES_MAX_SIZE → 413; an empty file → 400; nothing → 400.
 *        A name equal to a missing slot's fills that slot (no conflict).
 *   tus 1.0.0 at /api/v2/uploads (TUS_ENDPOINT): creation, creation-with-upload, termination,
 *        expiration (24 h). Same bearer token on every request. Upload-Metadata (TUS_METADATA):
 *        folderId, filename, optional fileId, optional conflict. Create answers 409 for a
 *        duplicate name, 413 over the size, 404 for a folder or slot you may not see. The last
 *        PATCH answers the file row's id in the Upload-File-Id header and the File as JSON body.
 *   POST events/ticket                     → EventsTicket; GET events?ticket= (server-sent events,
 *                                            FILE_EXCHANGE_EVENTS)
 * Staff only:
 *   POST   entity/{id}/collections   CollectionBody    → 201 Collection
 *   PUT    collection/{id}           CollectionBody    → Collection
 *   DELETE collection/{id}                             → 204 (its folders, files and bytes go too)
 *   POST   collection/{id}/folders   FolderBody        → 201 Folder (409 for a name already there)
 *   PUT    folder/{id}               FolderBody        → Folder
 *   DELETE folder/{id}                                 → 204 (its files and bytes go too)
 *   POST   folder/{id}/files         MissingFileBody   → 201 File (an expected file: state 1, no bytes)
 *   PUT    file/{id}                 RenameFileBody    → File (409 for a name already there)
 *   DELETE file/{id}                                   → 204
 *   PUT    file/{id}/state           FileStateBody     → File (3 problem needs a comment; 4 ok)
 *   PUT    folder/{id}/due           DueBody           → Folder (a due date for its files, or null)
 *   PUT    file/{id}/due             DueBody           → File (a missing file's due date, or null; 409 once uploaded)
 * Everyone: GET due-requests?n= → DueRequests (the open requests in scope, soonest first; ./file-exchange-due.ts)
 * Every upload and download is written to the audit log.
 */

/** An entity as the file-exchange API (/api/v2) lists it (docs/product.md §3 "File exchange"). */
export const FileExchangeEntitySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  /** Where its collections are listed: GET /api/v2/entity/{slug}/collections. */
  url: Type.String(),
});
export type FileExchangeEntity = Static<typeof FileExchangeEntitySchema>;

/** GET /api/v2/entities */
export const FileExchangeEntityListSchema = ListOf(FileExchangeEntitySchema);
export type FileExchangeEntityList = Static<typeof FileExchangeEntityListSchema>;

/** A collection (docs/product.md §3): one project of one entity. */
export const CollectionSchema = Type.Object({
  id: Type.Integer(),
  /** Its folders: GET /api/v2/collection/{id}/folders (absolute). */
  url: Type.String(),
  /** The entity's name. */
  entity: Type.String(),
  /** The project's name: the collection's title. */
  project: Type.String(),
  entity_id: Type.Integer(),
  entity_slug: Type.String(),
  folders_count: Type.Integer({ minimum: 0 }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Collection = Static<typeof CollectionSchema>;

/** GET /api/v2/entity/{slug}/collections */
export const CollectionListSchema = ListOf(CollectionSchema);
export type CollectionList = Static<typeof CollectionListSchema>;

/** A folder (docs/product.md §3) of a collection. */
export const FolderSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Its files: GET /api/v2/folder/{id}/files (absolute). */
  url: Type.String(),
  files_count: Type.Integer({ minimum: 0 }),
  /** Of those, missing slots (state 1) still to fill. */
  missing_count: Type.Integer({ minimum: 0 }),
  collection_id: Type.Integer(),
  /** The staff's request for its files: by this date (YYYY-MM-DD), null when none (./file-exchange-due.ts). */
  due_on: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  /** The request is still open: a file is missing, or none arrived since it was made. */
  due_open: Type.Optional(Type.Boolean()),
});
export type Folder = Static<typeof FolderSchema>;

/** GET /api/v2/collection/{id}/folders */
export const FolderListSchema = ListOf(FolderSchema);
export type FolderList = Static<typeof FolderListSchema>;

/** GET /api/v2/folder/{id}: the folder with its collection (breadcrumbs). */
export const FolderDetailSchema = Type.Intersect([FolderSchema, Type.Object({ collection: CollectionSchema })]);
export type FolderDetail = Static<typeof FolderDetailSchema>;

/** A file (docs/product.md §3). */
export const FileSchema = Type.Object({
  id: Type.Integer(),
  /** The stored (cleaned) name: no path separators, no '..', no control characters, bounded length. */
  name: Type.String(),
  /** The name as the user had it, for display. */
  name_original: Type.String(),
  /** Lower case, without the dot; '' when none. */
  extension: Type.String(),
  /** Bytes; 0 for a missing slot. */
  size: Type.Integer({ minimum: 0 }),
  /** When the bytes arrived; null for a missing slot. */
  upload_at: Nullable(Type.String({ format: 'date-time' })),
  updated_at: Type.String({ format: 'date-time' }),
  /** 1 missing, 2 uploaded, 3 problem, 4 ok (FILE_STATE_CODES; readFileState names them); anything else reads undefined. */
  state: Type.Integer(),
  /** The staff's comment (with state 3 problem); null when none. */
  comment: Nullable(Type.String()),
  /** Download address (GET /api/v2/file/{id}/download, absolute); null while the file is missing. */
  url: Nullable(Type.String()),
  /** Its folder's files: GET /api/v2/folder/{folderId}/files (absolute). */
  folderUrl: Type.String(),
  folder_id: Type.Integer(),
  /** An expected file requested by this date (YYYY-MM-DD), null when none; open while the file is missing. */
  due_on: Type.Optional(Nullable(Type.String({ format: 'date' }))),
});
export type FileExchangeFile = Static<typeof FileSchema>;

/** GET /api/v2/folder/{id}/files */
export const FileExchangeFileListSchema = ListOf(FileSchema);
export type FileExchangeFileList = Static<typeof FileExchangeFileListSchema>;

/** A file of GET /api/v2/latest-files, with where it is. */
export const LatestFileSchema = Type.Intersect([
  FileSchema,
  Type.Object({
    folder: Type.String(),
    collection_id: Type.Integer(),
    project: Type.String(),
    entity: Type.String(),
    entity_slug: Type.String(),
  }),
]);
export type LatestFile = Static<typeof LatestFileSchema>;

export const LatestFilesQuerySchema = Type.Object({ n: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 5 })) });
export const LatestFilesSchema = Type.Object({ items: Type.Array(LatestFileSchema) });
export type LatestFiles = Static<typeof LatestFilesSchema>;

/** 201 of POST upload-files: the rows made or filled, in the order of the parts. */
export const UploadResultSchema = Type.Object({ items: Type.Array(FileSchema) });

export const UploadConflictSchema = Type.Union([Type.Literal('replace'), Type.Literal('keep-both')]);
export const UploadQuerySchema = Type.Object({
  conflict: Type.Optional(UploadConflictSchema),
  fileId: Type.Optional(Type.Integer({ minimum: 1 })),
});

export const EntityFolderParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }), folderId: Type.Integer({ minimum: 1 }) });
export const SlugParamSchema = Type.Object({ slug: Type.String({ minLength: 1, maxLength: FILE_EXCHANGE_LIMITS.titleMaxLength }) });

/** POST entity/{id}/collections, PUT collection/{id}. */
export const CollectionBodySchema = Type.Object({ project: Type.String({ minLength: 1, maxLength: FILE_EXCHANGE_LIMITS.titleMaxLength }) });
export type CollectionBody = Static<typeof CollectionBodySchema>;

/** POST collection/{id}/folders, PUT folder/{id}. */
export const FolderBodySchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: FILE_EXCHANGE_LIMITS.titleMaxLength }) });
export type FolderBody = Static<typeof FolderBodySchema>;

/** POST folder/{id}/files: an expected file (state 1 missing), a named slot the customer fills. */
export const MissingFileBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: FILE_EXCHANGE_LIMITS.nameMaxLength }),
  /** Shown to the customer: what this file should hold. */
  comment: Type.Optional(Nullable(Type.String({ maxLength: FILE_EXCHANGE_LIMITS.commentMaxLength }))),
  /** Requested by this date (YYYY-MM-DD): the customer is reminded (docs/product.md §14). */
  due_on: Type.Optional(Nullable(Type.String({ format: 'date' }))),
});
export type MissingFileBody = Static<typeof MissingFileBodySchema>;

/** PUT file/{id}: rename (the display name; the cleaned name follows). */
export const RenameFileBodySchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: FILE_EXCHANGE_LIMITS.nameMaxLength }) });
export type RenameFileBody = Static<typeof RenameFileBodySchema>;

/** PUT file/{id}/state: 3 problem (comment required, the customer sees it) or 4 ok (comment optional). */
export const FileStateBodySchema = Type.Object({
  state: Type.Union([Type.Literal(3), Type.Literal(4)]),
  comment: Type.Optional(Nullable(Type.String({ maxLength: FILE_EXCHANGE_LIMITS.commentMaxLength }))),
});
export type FileStateBody = Static<typeof FileStateBodySchema>;

/** GET counters: files in state 2 (uploaded, waiting for review) in the entities the caller sees. */
export const FileExchangeCountersSchema = Type.Object({ uploaded: Type.Integer({ minimum: 0 }) });
export type FileExchangeCounters = Static<typeof FileExchangeCountersSchema>;

/** GET limits */
export const FileExchangeLimitsSchema = Type.Object({ max_file_size: Type.Integer({ minimum: 1 }) });
export type FileExchangeLimits = Static<typeof FileExchangeLimitsSchema>;

/** POST file/{id}/download-ticket, folder/{id}/zip-ticket: the absolute address to navigate to. */
export const DownloadTicketSchema = Type.Object({ url: Type.String() });
export type DownloadTicket = Static<typeof DownloadTicketSchema>;

/** GET file/{id}/download, folder/{id}/zip: ?ticket= instead of the bearer token. */
export const DownloadQuerySchema = Type.Object({ ticket: Type.Optional(Type.String()) });

/** GET events?ticket= */
export const FileEventsQuerySchema = Type.Object({
  ticket: Type.Optional(Type.String()),
  /** The id of the last event seen, when a new stream replaces a dropped one (as the Last-Event-ID header). */
  last_event_id: Type.Optional(Type.String()),
});
