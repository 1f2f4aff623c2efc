import { httpErrors } from '@fastify/sensible';
import { FILE_EXCHANGE_MESSAGES, FILE_STATE_CODES } from '@hub/shared/api';
import type { Db, Queryable } from '../../db/db';
import type { AuditRecorder } from '../audit/audit-event';
import type { Session } from '../auth/session';
import { cleanFileName } from './file-names';
import { forgetSubject, notifyFile } from '../notifications/notifications';

/**
 * The staff's writes (contributor or more; the routes check the role and the entity's scope
 * before): collections, folders, expected files, renames, deletions, states. Each is one
 * transaction with its audit line. A deletion answers the storage keys whose bytes to remove once
 * committed.
 */
export function staffWrites(db: Db, audit: AuditRecorder) {
  async function folderNameTaken(tx: Queryable, collectionId: number, name: string, except: number | null) {
    const { rows } = await tx.query('SELECT 1 FROM exchange_folders WHERE collection_id = $1 AND lower(name) = lower($2) AND id <> $3', [
      collectionId,
      name,
      except ?? 0,
    ]);
    if (rows.length > 0) throw httpErrors.conflict(FILE_EXCHANGE_MESSAGES.folderNameTaken(name));
  }
  async function fileNameTaken(tx: Queryable, folderId: number, name: string, except: number | null) {
    const { rows } = await tx.query('SELECT 1 FROM exchange_files WHERE folder_id = $1 AND lower(name) = lower($2) AND id <> $3', [
      folderId,
      name,
      except ?? 0,
    ]);
    if (rows.length > 0) throw httpErrors.conflict(FILE_EXCHANGE_MESSAGES.nameTaken(name));
  }
  const keys = (rows: Array<{ storage_key: string | null }>) =>
    rows.map((row) => row.storage_key).filter((key): key is string => key !== null);

  return {
    createCollection: (session: Session, entityId: number, project: string) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO exchange_collections (entity_id, project) VALUES ($1, $2) RETURNING id',
          [entityId, project.trim()],
        );
        const id = rows[0]!.id;
        await audit.record(
          session,
          { action: 'collection.create', itemType: 'exchange_collection', itemId: id, details: { entity_id: entityId, project } },
          tx,
        );
        return id;
      }),

    renameCollection: (session: Session, id: number, project: string) =>
      db.transaction(async (tx) => {
        await tx.query('UPDATE exchange_collections SET project = $2, updated_at = now() WHERE id = $1', [id, project.trim()]);
        await audit.record(session, { action: 'collection.update', itemType: 'exchange_collection', itemId: id, details: { project } }, tx);
      }),

    deleteCollection: (session: Session, id: number) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ storage_key: string | null }>(
          `SELECT f.storage_key FROM exchange_files f JOIN exchange_folders d ON d.id = f.folder_id WHERE d.collection_id = $1`,
          [id],
        );
        await tx.query('DELETE FROM exchange_collections WHERE id = $1', [id]);
        await audit.record(session, { action: 'collection.delete', itemType: 'exchange_collection', itemId: id }, tx);
        return keys(rows);
      }),

    createFolder: (session: Session, collectionId: number, name: string) =>
      db.transaction(async (tx) => {
        await folderNameTaken(tx, collectionId, name.trim(), null);
        const { rows } = await tx.query<{ id: number }>('INSERT INTO exchange_folders (collection_id, name) VALUES ($1, $2) RETURNING id', [
          collectionId,
          name.trim(),
        ]);
        const id = rows[0]!.id;
        await tx.query('UPDATE exchange_collections SET updated_at = now() WHERE id = $1', [collectionId]);
        await audit.record(
          session,
          { action: 'folder.create', itemType: 'exchange_folder', itemId: id, details: { collection_id: collectionId, name } },
          tx,
        );
        return id;
      }),

    renameFolder: (session: Session, id: number, collectionId: number, name: string) =>
      db.transaction(async (tx) => {
        await folderNameTaken(tx, collectionId, name.trim(), id);
        await tx.query('UPDATE exchange_folders SET name = $2 WHERE id = $1', [id, name.trim()]);
        await audit.record(session, { action: 'folder.update', itemType: 'exchange_folder', itemId: id, details: { name } }, tx);
      }),

    deleteFolder: (session: Session, id: number) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ storage_key: string | null }>('SELECT storage_key FROM exchange_files WHERE folder_id = $1', [
          id,
        ]);
        await tx.query('DELETE FROM exchange_folders WHERE id = $1', [id]);
        await audit.record(session, { action: 'folder.delete', itemType: 'exchange_folder', itemId: id }, tx);
        return keys(rows);
      }),

    createMissingFile: (session: Session, folderId: number, rawName: string, comment: string | null, dueOn: string | null = null) =>
      db.transaction(async (tx) => {
        const clean = cleanFileName(rawName);
        await fileNameTaken(tx, folderId, clean.name, null);
        // A due date makes it a request: the reminders follow (docs/product.md §14).
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO exchange_files (folder_id, name, name_original, extension, state, comment, due_on, requested_at)
           VALUES ($1, $2, $3, $4, 1, $5, $6::date, CASE WHEN $6::date IS NULL THEN NULL ELSE now() END) RETURNING id`,
          [folderId, clean.name, clean.original, clean.extension, comment?.trim() || null, dueOn],
        );
        const id = rows[0]!.id;
        await notifyFile(tx, id, 'collectmaster.requested', session.user.id);
        await audit.record(
          session,
          {
            action: 'file.expect',
            itemType: 'exchange_file',
            itemId: id,
            details: { folder_id: folderId, name: clean.name, ...(dueOn ? { due_on: dueOn } : {}) },
          },
          tx,
        );
        return id;
      }),

    renameFile: (session: Session, id: number, folderId: number, rawName: string) =>
      db.transaction(async (tx) => {
        const clean = cleanFileName(rawName);
        await fileNameTaken(tx, folderId, clean.name, id);
        await tx.query('UPDATE exchange_files SET name = $2, name_original = $3, extension = $4, updated_at = now() WHERE id = $1', [
          id,
          clean.name,
          clean.original,
          clean.extension,
        ]);
        await audit.record(session, { action: 'file.update', itemType: 'exchange_file', itemId: id, details: { name: clean.name } }, tx);
      }),

    deleteFile: (session: Session, id: number) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ storage_key: string | null }>('DELETE FROM exchange_files WHERE id = $1 RETURNING storage_key', [
          id,
        ]);
        await forgetSubject(tx, 'exchange_file', id);
        await audit.record(session, { action: 'file.delete', itemType: 'exchange_file', itemId: id }, tx);
        return keys(rows);
      }),

    setState: (session: Session, id: number, state: 3 | 4, comment: string | null) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ state: number }>('SELECT state FROM exchange_files WHERE id = $1 FOR UPDATE', [id]);
        if (rows[0]?.state === FILE_STATE_CODES.missing) throw httpErrors.conflict(FILE_EXCHANGE_MESSAGES.notUploaded);
        const text = comment?.trim() || null;
        if (state === FILE_STATE_CODES.problem && !text) throw httpErrors.badRequest(FILE_EXCHANGE_MESSAGES.commentRequired);
        await tx.query('UPDATE exchange_files SET state = $2, comment = $3, updated_at = now() WHERE id = $1', [id, state, text]);
        await notifyFile(tx, id, state === FILE_STATE_CODES.ok ? 'collectmaster.accepted' : 'collectmaster.problem', session.user.id);
        await audit.record(session, { action: 'file.state', itemType: 'exchange_file', itemId: id, details: { state, comment: text } }, tx);
      }),
  };
}
