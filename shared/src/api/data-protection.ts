import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/*
 * A person's data, exported (docs/product.md, "Your data: export and erasure").
 *
 *   POST /api/me/exports                 → 202 DataExportCreated: one's own data (not in display-as: 403)
 *   GET  /api/me/exports/{id}            → DataExport: its state, progress and, once ready, a download link
 *   POST /api/admin/users/{id}/exports   → 202 DataExportCreated: an administrator for anyone, a contributor
 *                                          or more for the people of the company in force; otherwise 404
 *   GET  /api/admin/users/{id}/exports/{exportId} → DataExport, to the one who asked
 *   GET  /api/exports/{id}/zip?ticket=   → the zip: the link of `download_url`, signed for the one who
 *                                          asked or the owner, valid DATA_EXPORT_LINK_SECONDS
 */

/** How long a download link stays valid: the status call hands out a fresh one each time. */
export const DATA_EXPORT_LINK_SECONDS = 600;

export const DataExportCreatedSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type DataExportCreated = Static<typeof DataExportCreatedSchema>;

export const DataExportSchema = Type.Object({
  id: Type.Integer(),
  state: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('ready'),
    Type.Literal('failed'),
    Type.Literal('expired'),
  ]),
  /** 0 to 100. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** A signed link (DATA_EXPORT_LINK_SECONDS) while ready; null otherwise. */
  download_url: Nullable(Type.String()),
  size_bytes: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
  /** When a ready export stops being offered (RETENTION_EXPORTS_DAYS after it was made). */
  expires_at: Nullable(Type.String({ format: 'date-time' })),
});
export type DataExport = Static<typeof DataExportSchema>;

export const DataExportParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const AdminDataExportParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  exportId: Type.Integer({ minimum: 1 }),
});
export const DataExportZipQuerySchema = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 2000 }) });

export const DATA_PROTECTION_MESSAGES = {
  exportNotFound: 'Export not found',
  exportNotReady: 'This export is not ready',
  linkInvalid: 'This download link is invalid or has expired: ask for a new one',
  displayAsReadOnly: 'Not while displaying another user: display-as only shows the portal as them',
} as const;

/*
 * A person erased (docs/product.md, "Your data: export and erasure"):
 *
 *   POST /api/admin/users/{id}/erase { confirm: "<their email>" } → 200 ErasureReport; oneself 403
 *        (ERASURE_MESSAGES.self), a wrong confirm 400 (ERASURE_MESSAGES.confirm), a person one may not
 *        manage 404.
 *
 * Their row stays as a former user, so that their messages stay in their company's discussions:
 * no name, an address of ERASED_EMAIL_DOMAIN (./user-names.ts; no one signs in with it), no rights.
 */
export const ErasureBodySchema = Type.Object({ confirm: Type.String({ maxLength: 320 }) });

const Counts = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));
/** What went (counts by kind) and what was kept, signed "Former user". */
export const ErasureReportSchema = Type.Object({ deleted: Counts, kept: Counts });
export type ErasureReport = Static<typeof ErasureReportSchema>;

export const ERASURE_MESSAGES = {
  self: 'You cannot erase yourself: ask an administrator',
  confirm: "Type the person's email address exactly to confirm the erasure",
  administrator: 'Only an administrator may erase an administrator',
} as const;
