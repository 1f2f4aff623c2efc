/**
 * Collectmaster without schemas: state codes, limits, messages, event names
 * and the paths of the /api/v2 calls, for the server and the browser alike. The schemas and the
 * route list are in ./file-exchange.ts.
 */

/** File state codes by name (docs/product.md §4); the names by code, and readFileState, are in ./publication.ts. */
export const FILE_STATE_CODES = { missing: 1, uploaded: 2, problem: 3, ok: 4 } as const;

/** What to do when an upload's name already exists in the folder (a name is never silently overwritten). */
export const UPLOAD_CONFLICTS = ['replace', 'keep-both'] as const;
export type UploadConflict = (typeof UPLOAD_CONFLICTS)[number];

export const FILE_EXCHANGE_LIMITS = {
  /** Default of FILES_MAX_SIZE (bytes): 5 GB. The server's value is in GET /api/v2/limits. */
  defaultMaxFileSize: 5 * 1024 * 1024 * 1024,
  /** A cleaned file name keeps at most this many characters (the original is kept for display). */
  nameMaxLength: 200,
  /** Collection (project) and folder names. */
  titleMaxLength: 200,
  /** A problem comment. */
  commentMaxLength: 2000,
  /** GET latest-files?n=: default and maximum. */
  latestDefault: 5,
  latestMax: 100,
  /** An unfinished resumable upload is removed after this long without progress. */
  uploadExpiryHours: 24,
} as const;

/** The resumable-upload (tus) endpoint, relative to the site: POST to create, then PATCH/HEAD the upload URL it answers. */
export const TUS_ENDPOINT = '/api/v2/uploads';

/** Upload-Metadata keys of a tus upload (values base64 as tus says). */
export const TUS_METADATA = {
  /** Required: the folder receiving the file. */
  folderId: 'folderId',
  /** Optional: the missing slot (state 1) this upload fills; its name is then kept. */
  fileId: 'fileId',
  /** Required: the file's name as the user has it. */
  filename: 'filename',
  /** Optional: 'replace' or 'keep-both' when the name already exists in the folder. */
  conflict: 'conflict',
} as const;

/** Answer header of the last PATCH of a tus upload: the id of the file row it made or filled. */
export const TUS_FILE_ID_HEADER = 'Upload-File-Id';

/** Exact texts of Collectmaster's error answers (the `message` of a 4xx body). */
export const FILE_EXCHANGE_MESSAGES = {
  displayAs: 'Collectmaster is unavailable in display-as',
  staffOnly: 'Only the publisher’s staff (contributor or more) may do this',
  entityNotFound: 'Entity not found',
  collectionNotFound: 'Collection not found',
  folderNotFound: 'Folder not found',
  fileNotFound: 'File not found',
  notUploaded: 'This file has not been uploaded yet',
  noFiles: 'files: File is Required',
  emptyFile: (name: string) => `${name}: the file is empty`,
  badName: 'name: This file name is not allowed',
  tooLarge: (maxBytes: number) => `The file is too large: the maximum size is ${formatBytes(maxBytes)}`,
  /** 409: the names that exist; the client asks the user, then sends conflict=replace or conflict=keep-both. */
  duplicate: (names: readonly string[]) =>
    `A file with this name already exists in this folder: ${names.join(', ')}. Choose replace or keep both (conflict=replace or conflict=keep-both).`,
  nameTaken: (name: string) => `A file named ${name} already exists in this folder`,
  folderNameTaken: (name: string) => `A folder named ${name} already exists in this collection`,
  notMissing: 'This file is not a missing file of this folder',
  badState: 'state: only 3 (problem) or 4 (ok) can be set',
  commentRequired: 'comment: This field is required',
  uploadMetadata: 'Upload-Metadata: folderId and filename are required',
} as const;

/** 1536 → '1.5 KB'; 5368709120 → '5 GB' (decimal-free when whole). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${text} ${units[unit]}`;
}

/**
 * Live events on GET /api/v2/events?ticket=… (server-sent events; the ticket from POST
 * /api/v2/events/ticket, valid one minute, since EventSource sends no header).
 * - 'file.uploaded': a customer uploaded (or replaced) a file; sent to the staff who may see the
 *   entity (its consultants and administrators) and to the entity's other users.
 * - 'file.state': staff marked a file ok or problem; sent to the entity's users.
 * - 'counters': the number of files waiting for review (state 2) the receiver may see; opens every stream.
 * The payload carries ids: re-read through the API, where the rights are checked.
 */
export const FILE_EXCHANGE_EVENTS = ['file.uploaded', 'file.state', 'counters'] as const;
export interface FileExchangeFileEvent {
  type: 'file.uploaded' | 'file.state';
  file_id: number;
  folder_id: number;
  collection_id: number;
  entity_id: number;
  /** The file's name for a notice ("report.csv was uploaded"). */
  name: string;
  state: number;
  comment: string | null;
}
export interface FileExchangeCountersEvent {
  type: 'counters';
  /** Files in state 2 (uploaded, waiting for review) in the entities the receiver sees. */
  uploaded: number;
}
export type FileExchangeEvent = FileExchangeFileEvent | FileExchangeCountersEvent;

/** Paths of the file-exchange calls, relative to /api/v2 (the client's base). */
export const fileExchangePaths = {
  entities: () => 'entities',
  collections: (entitySlug: string) => `entity/${encodeURIComponent(entitySlug)}/collections`,
  collection: (collectionId: number) => `collection/${collectionId}`,
  folders: (collectionId: number) => `collection/${collectionId}/folders`,
  folder: (folderId: number) => `folder/${folderId}`,
  files: (folderId: number) => `folder/${folderId}/files`,
  file: (fileId: number) => `file/${fileId}`,
  fileState: (fileId: number) => `file/${fileId}/state`,
  download: (fileId: number) => `file/${fileId}/download`,
  zip: (folderId: number) => `folder/${folderId}/zip`,
  downloadTicket: (fileId: number) => `file/${fileId}/download-ticket`,
  zipTicket: (folderId: number) => `folder/${folderId}/zip-ticket`,
  latestFiles: (n?: number) => (n === undefined ? 'latest-files' : `latest-files?n=${n}`),
  folderDue: (folderId: number) => `folder/${folderId}/due`,
  fileDue: (fileId: number) => `file/${fileId}/due`,
  dueRequests: () => 'due-requests',
  uploadFiles: (entityId: number, folderId: number, conflict?: UploadConflict) =>
    `entity/${entityId}/folders/${folderId}/upload-files${conflict ? `?conflict=${conflict}` : ''}`,
  createCollection: (entityId: number) => `entity/${entityId}/collections`,
  counters: () => 'counters',
  limits: () => 'limits',
  eventsTicket: () => 'events/ticket',
  events: (ticket: string, lastEventId?: string | null) =>
    `events?ticket=${encodeURIComponent(ticket)}${lastEventId ? `&last_event_id=${encodeURIComponent(lastEventId)}` : ''}`,
} as const;

/* Collectmaster requests with due dates (docs/product.md §14); their schemas: ./file-exchange-due.ts. */

/** Where a due date stands on a given day: the UI's badge and the reminders' steps use the same days. */
export type DueStatus = 'overdue' | 'today' | 'soon' | 'later';
export const DUE_SOON_DAYS = 3;

/** Whole days from `today` to `dueOn` (both YYYY-MM-DD): 0 on the day, negative once overdue. */
export function daysUntil(dueOn: string, today: string): number {
  return Math.round((Date.parse(`${dueOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export function dueStatus(dueOn: string, today: string): DueStatus {
  const days = daysUntil(dueOn, today);
  if (days < 0) return 'overdue';
  if (days === 0) return 'today';
  return days <= DUE_SOON_DAYS ? 'soon' : 'later';
}

/** A date's calendar day (YYYY-MM-DD) where the person is (the browser's time zone). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
