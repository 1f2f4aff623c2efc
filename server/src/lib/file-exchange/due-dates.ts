import { httpErrors } from '@fastify/sensible';
import { FILE_EXCHANGE_MESSAGES, FILE_STATE_CODES, type DueRequest } from '@hub/shared/api';
import type { Db, Queryable } from '../../db/db';
import type { AuditRecorder } from '../audit/audit-event';
import type { Session } from '../auth/session';

/*
 * Collectmaster requests with due dates (docs/product.md §14): the staff set or withdraw a date on
 * a folder or on a missing file; everyone lists the open requests of what they see. The reminders
 * themselves are sent by lib/reminders.
 */

/**
 * A folder's request is open while one of its files is missing, or while no file arrived in it
 * since the request was made (SQL on the folder aliased `d`).
 */
export const FOLDER_DUE_OPEN = `(d.due_on IS NOT NULL AND (EXISTS (SELECT 1 FROM exchange_files f WHERE f.folder_id = d.id AND f.state = 1)
  OR NOT EXISTS (SELECT 1 FROM exchange_files f WHERE f.folder_id = d.id AND f.upload_at >= d.requested_at)))`;

/** Which entities the caller sees ('all', one entity, or none): Collectmaster's scope. */
type Scope = 'all' | number | null;

interface DueRow extends Omit<DueRequest, 'type'> {
  type: 'folder' | 'file';
}

export function dueDates(db: Db, audit: AuditRecorder) {
  return {
    /** Sets (or with null withdraws) the date by which the folder's files are asked for; the request restarts now. */
    setFolderDue: (session: Session, folderId: number, dueOn: string | null) =>
      db.transaction(async (tx) => {
        await tx.query(
          `UPDATE exchange_folders SET due_on = $2::date, requested_at = CASE WHEN $2::date IS NULL THEN NULL ELSE now() END WHERE id = $1`,
          [folderId, dueOn],
        );
        await audit.record(
          session,
          { action: 'folder.due', itemType: 'exchange_folder', itemId: folderId, details: { due_on: dueOn } },
          tx,
        );
      }),

    /** The same for one expected file: only while it is missing (409 once it arrived). */
    setFileDue: (session: Session, fileId: number, dueOn: string | null) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ state: number }>('SELECT state FROM exchange_files WHERE id = $1 FOR UPDATE', [fileId]);
        if (rows[0]?.state !== FILE_STATE_CODES.missing) throw httpErrors.conflict(FILE_EXCHANGE_MESSAGES.notMissing);
        await tx.query(
          `UPDATE exchange_files SET due_on = $2::date, requested_at = CASE WHEN $2::date IS NULL THEN NULL ELSE now() END,
                  updated_at = now() WHERE id = $1`,
          [fileId, dueOn],
        );
        await audit.record(session, { action: 'file.due', itemType: 'exchange_file', itemId: fileId, details: { due_on: dueOn } }, tx);
      }),
  };
}

/** The open requests in `scope`, soonest due first, at most `n` (both indexed on the due date). */
export async function openDueRequests(db: Queryable, scope: Scope, n: number): Promise<DueRequest[]> {
  if (scope === null) return [];
  const params: unknown[] = [n];
  const entity = scope === 'all' ? 'TRUE' : `c.entity_id = $${params.push(scope)}`;
  const { rows } = await db.query<DueRow>(
    `SELECT * FROM (
       (SELECT 'file' AS type, f.id, f.name_original AS name, f.due_on::text AS due_on, d.id AS folder_id, d.name AS folder,
               c.id AS collection_id, c.project, e.name AS entity, e.slug AS entity_slug
          FROM exchange_files f JOIN exchange_folders d ON d.id = f.folder_id
          JOIN exchange_collections c ON c.id = d.collection_id JOIN entities e ON e.id = c.entity_id
         WHERE f.due_on IS NOT NULL AND f.state = 1 AND ${entity}
         ORDER BY f.due_on, f.id LIMIT $1)
       UNION ALL
       (SELECT 'folder', d.id, d.name, d.due_on::text, d.id, d.name, c.id, c.project, e.name, e.slug
          FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id JOIN entities e ON e.id = c.entity_id
         WHERE ${FOLDER_DUE_OPEN} AND ${entity}
         ORDER BY d.due_on, d.id LIMIT $1)
     ) open ORDER BY due_on, type, id LIMIT $1`,
    params,
  );
  return rows;
}
