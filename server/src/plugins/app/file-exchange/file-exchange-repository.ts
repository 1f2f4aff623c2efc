import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import {
  FILE_EXCHANGE_LIMITS,
  FILE_EXCHANGE_MESSAGES,
  FILE_STATE_CODES,
  type Collection,
  type FileExchangeEntity,
  type FileExchangeFile,
  type Folder,
  type LatestFile,
  type List,
  type UploadConflict,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import { FOLDER_DUE_OPEN } from '../../../lib/file-exchange/due-dates';
import { numberedName, type CleanName } from '../../../lib/file-exchange/file-names';
import type { Session } from '../../../lib/auth/session';
import { scopeCondition, type ExchangeScope } from '../../../lib/file-exchange/exchange-scope';
import { notifyFile } from '../../../lib/notifications/notifications';
import { iso } from '../../../lib/iso';

export interface FileRow {
  id: number;
  folder_id: number;
  name: string;
  name_original: string;
  extension: string;
  size: number;
  storage_key: string | null;
  state: number;
  comment: string | null;
  upload_at: Date | string | null;
  updated_at: Date | string;
  collection_id: number;
  entity_id: number;
  /** YYYY-MM-DD (docs/product.md §14). */
  due_on: string | null;
}

const FILE_COLUMNS = `f.id, f.folder_id, f.name, f.name_original, f.extension, f.size_bytes::float8 AS size, f.storage_key, f.state,
  f.comment, f.upload_at, f.updated_at, d.collection_id, c.entity_id, f.due_on::text AS due_on`;
const FILE_FROM = `exchange_files f JOIN exchange_folders d ON d.id = f.folder_id JOIN exchange_collections c ON c.id = d.collection_id`;

interface CollectionRow {
  id: number;
  project: string;
  entity_id: number;
  entity: string;
  entity_slug: string;
  folders_count: number;
  updated_at: Date | string;
}
const COLLECTION_SELECT = `SELECT c.id, c.project, c.entity_id, e.name AS entity, e.slug AS entity_slug, c.updated_at,
  (SELECT count(*)::int FROM exchange_folders d WHERE d.collection_id = c.id) AS folders_count
  FROM exchange_collections c JOIN entities e ON e.id = c.entity_id`;

interface FolderRow {
  id: number;
  name: string;
  collection_id: number;
  entity_id: number;
  files_count: number;
  missing_count: number;
  due_on: string | null;
  due_open: boolean;
}
// The counts are kept by the database (exchange_folder_counts, migration 0086): no row, no file.
const FOLDER_SELECT = `SELECT d.id, d.name, d.collection_id, c.entity_id,
  coalesce(k.files, 0) AS files_count, coalesce(k.missing, 0) AS missing_count,
  d.due_on::text AS due_on, ${FOLDER_DUE_OPEN} AS due_open
  FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id
  LEFT JOIN exchange_folder_counts k ON k.folder_id = d.id`;

/** What an upload brings to `place`: bytes already in the store under `key`. */
export interface IncomingFile {
  folderId: number;
  /** The missing slot (or the file) it fills or replaces, when the user chose one. */
  fileId?: number | null;
  clean: CleanName;
  conflict?: UploadConflict | null;
  key: string;
  size: number;
  userId: number;
}

export interface Placed {
  row: FileRow;
  /** The bytes this upload replaced: delete them once the transaction is committed. */
  replacedKey: string | null;
  /** 'created', 'filled' (a missing slot), 'replaced'. */
  outcome: 'created' | 'filled' | 'replaced';
}

export interface FileExchangeRepository {
  readonly baseUrl: string;
  entities(scope: ExchangeScope, page: number, pageSize: number): Promise<List<FileExchangeEntity>>;
  entityBySlug(scope: ExchangeScope, slug: string): Promise<{ id: number; name: string; slug: string } | null>;
  entityById(scope: ExchangeScope, id: number): Promise<{ id: number; name: string; slug: string } | null>;
  collections(entityId: number, page: number, pageSize: number): Promise<List<Collection>>;
  collection(scope: ExchangeScope, id: number, db?: Queryable): Promise<Collection | null>;
  folders(collectionId: number, page: number, pageSize: number): Promise<List<Folder>>;
  folder(scope: ExchangeScope, id: number, db?: Queryable): Promise<(Folder & { entity_id: number }) | null>;
  /** Whether the folder exists within `scope`, without counting its files (what a page of them needs). */
  folderVisible(scope: ExchangeScope, id: number): Promise<boolean>;
  files(folderId: number, page: number, pageSize: number): Promise<List<FileExchangeFile>>;
  /** Every file of a folder that has bytes, by name (the zip). */
  storedFiles(folderId: number): Promise<FileRow[]>;
  fileRow(scope: ExchangeScope, id: number, db?: Queryable): Promise<FileRow | null>;
  latest(scope: ExchangeScope, n: number): Promise<LatestFile[]>;
  /** Files waiting for review (state 2) in scope. */
  uploadedCount(scope: ExchangeScope): Promise<number>;
  /** 409 listing the names already in the folder (not missing slots), unless a conflict choice is made. */
  checkDuplicates(folderId: number, names: readonly string[], db?: Queryable): Promise<string[]>;
  /** Writes an upload's row in `tx` (the folder row locked): creates, fills a slot, or replaces. */
  place(tx: Queryable, incoming: IncomingFile): Promise<Placed>;
  /**
   * Writes the rows of uploads whose bytes are already stored (`via` the multipart form or the
   * resumable uploads), in one transaction with their notifications and audit lines: all or none.
   */
  placeUploads(session: Session, incoming: IncomingFile[], via: 'multipart' | 'tus'): Promise<Placed[]>;
  toFile(row: FileRow): FileExchangeFile;
  /** The users to tell about a file event on `entityId`: its users and its consultants, and administrators. */
  audience(entityId: number): Promise<{ customers: number[]; staff: number[] }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    fileExchangeRepository: FileExchangeRepository;
  }
}

export default fp(
  async (fastify) => {
    const db = fastify.db;
    const baseUrl = `${fastify.config.publicUrl}/api/v2`;

    const toCollection = (row: CollectionRow): Collection => ({
      id: row.id,
      url: `${baseUrl}/collection/${row.id}/folders`,
      entity: row.entity,
      project: row.project,
      entity_id: row.entity_id,
      entity_slug: row.entity_slug,
      folders_count: row.folders_count,
      updated_at: iso(row.updated_at)!,
    });
    const toFolder = (row: FolderRow): Folder => ({
      id: row.id,
      name: row.name,
      url: `${baseUrl}/folder/${row.id}/files`,
      files_count: row.files_count,
      missing_count: row.missing_count,
      collection_id: row.collection_id,
      due_on: row.due_on,
      due_open: row.due_open,
    });
    const toFile = (row: FileRow): FileExchangeFile => ({
      id: row.id,
      name: row.name,
      name_original: row.name_original,
      extension: row.extension,
      size: Number(row.size),
      upload_at: iso(row.upload_at),
      updated_at: iso(row.updated_at)!,
      state: row.state,
      comment: row.comment,
      url: row.storage_key === null ? null : `${baseUrl}/file/${row.id}/download`,
      folderUrl: `${baseUrl}/folder/${row.folder_id}/files`,
      folder_id: row.folder_id,
      due_on: row.due_on,
    });

    async function count(sql: string, params: unknown[]): Promise<number> {
      const { rows } = await db.query<{ count: number }>(sql, params);
      return rows[0]!.count;
    }

    async function entityWhere(scope: ExchangeScope, column: string, value: unknown) {
      const params: unknown[] = [value];
      const { rows } = await db.query<{ id: number; name: string; slug: string }>(
        `SELECT id, name, slug FROM entities WHERE ${column} = $1 AND ${scopeCondition(scope, 'id', params)}`,
        params,
      );
      return rows[0] ?? null;
    }

    async function freeName(tx: Queryable, folderId: number, name: string): Promise<string> {
      for (let n = 1; n < 10_000; n += 1) {
        const candidate = numberedName(name, n);
        const { rows } = await tx.query('SELECT 1 FROM exchange_files WHERE folder_id = $1 AND lower(name) = lower($2)', [
          folderId,
          candidate,
        ]);
        if (rows.length === 0) return candidate;
      }
      throw httpErrors.conflict(FILE_EXCHANGE_MESSAGES.nameTaken(name));
    }

    async function rowById(tx: Queryable, id: number): Promise<FileRow> {
      const { rows } = await tx.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM ${FILE_FROM} WHERE f.id = $1`, [id]);
      return rows[0]!;
    }

    const repository: FileExchangeRepository = {
      baseUrl,
      toFile,

      async entities(scope, page, pageSize) {
        const params: unknown[] = [];
        const where = scopeCondition(scope, 'id', params);
        const total = await count(`SELECT count(*)::int AS count FROM entities WHERE ${where}`, params);
        const { rows } = await db.query<{ id: number; name: string; slug: string }>(
          `SELECT id, name, slug FROM entities WHERE ${where} ORDER BY name, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
        );
        return {
          items: rows.map((row) => ({ ...row, url: `${baseUrl}/entity/${encodeURIComponent(row.slug)}/collections` })),
          total,
          page,
          page_size: pageSize,
        };
      },

      entityBySlug: (scope, slug) => entityWhere(scope, 'slug', slug),
      entityById: (scope, id) => entityWhere(scope, 'id', id),

      async collections(entityId, page, pageSize) {
        const total = await count('SELECT count(*)::int AS count FROM exchange_collections WHERE entity_id = $1', [entityId]);
        const { rows } = await db.query<CollectionRow>(
          `${COLLECTION_SELECT} WHERE c.entity_id = $1 ORDER BY c.project, c.id LIMIT $2 OFFSET $3`,
          [entityId, pageSize, (page - 1) * pageSize],
        );
        return { items: rows.map(toCollection), total, page, page_size: pageSize };
      },

      async collection(scope, id, q = db) {
        const params: unknown[] = [id];
        const { rows } = await q.query<CollectionRow>(
          `${COLLECTION_SELECT} WHERE c.id = $1 AND ${scopeCondition(scope, 'c.entity_id', params)}`,
          params,
        );
        return rows[0] ? toCollection(rows[0]) : null;
      },

      async folders(collectionId, page, pageSize) {
        const total = await count('SELECT count(*)::int AS count FROM exchange_folders WHERE collection_id = $1', [collectionId]);
        const { rows } = await db.query<FolderRow>(`${FOLDER_SELECT} WHERE d.collection_id = $1 ORDER BY d.name, d.id LIMIT $2 OFFSET $3`, [
          collectionId,
          pageSize,
          (page - 1) * pageSize,
        ]);
        return { items: rows.map(toFolder), total, page, page_size: pageSize };
      },

      async folder(scope, id, q = db) {
        const params: unknown[] = [id];
        const { rows } = await q.query<FolderRow>(
          `${FOLDER_SELECT} WHERE d.id = $1 AND ${scopeCondition(scope, 'c.entity_id', params)}`,
          params,
        );
        return rows[0] ? { ...toFolder(rows[0]), entity_id: rows[0].entity_id } : null;
      },

      async folderVisible(scope, id) {
        const params: unknown[] = [id];
        const { rows } = await db.query(
          `SELECT 1 FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id
            WHERE d.id = $1 AND ${scopeCondition(scope, 'c.entity_id', params)}`,
          params,
        );
        return rows.length > 0;
      },

      async files(folderId, page, pageSize) {
        const total = await count('SELECT coalesce(sum(files), 0)::int AS count FROM exchange_folder_counts WHERE folder_id = $1', [
          folderId,
        ]);
        const { rows } = await db.query<FileRow>(
          // A name is unique in its folder (exchange_files_name_idx): the index gives the order and the page, no sort.
          `SELECT ${FILE_COLUMNS} FROM ${FILE_FROM} WHERE f.folder_id = $1 ORDER BY lower(f.name) LIMIT $2 OFFSET $3`,
          [folderId, pageSize, (page - 1) * pageSize],
        );
        return { items: rows.map(toFile), total, page, page_size: pageSize };
      },

      async storedFiles(folderId) {
        const { rows } = await db.query<FileRow>(
          `SELECT ${FILE_COLUMNS} FROM ${FILE_FROM} WHERE f.folder_id = $1 AND f.storage_key IS NOT NULL ORDER BY lower(f.name), f.id`,
          [folderId],
        );
        return rows;
      },

      async fileRow(scope, id, q = db) {
        const params: unknown[] = [id];
        const { rows } = await q.query<FileRow>(
          `SELECT ${FILE_COLUMNS} FROM ${FILE_FROM} WHERE f.id = $1 AND ${scopeCondition(scope, 'c.entity_id', params)}`,
          params,
        );
        return rows[0] ?? null;
      },

      async latest(scope, n) {
        const params: unknown[] = [];
        // The file's own copy of its company (migration 0053): one index read, however many files it has.
        const where = scopeCondition(scope, 'f.entity_id', params);
        params.push(Math.min(Math.max(n, 1), FILE_EXCHANGE_LIMITS.latestMax));
        const { rows } = await db.query<FileRow & { folder: string; project: string; entity: string; entity_slug: string }>(
          `SELECT ${FILE_COLUMNS}, d.name AS folder, c.project, e.name AS entity, e.slug AS entity_slug
             FROM ${FILE_FROM} JOIN entities e ON e.id = c.entity_id
            WHERE ${where} ORDER BY f.updated_at DESC, f.id DESC LIMIT $${params.length}`,
          params,
        );
        return rows.map((row) => ({
          ...toFile(row),
          folder: row.folder,
          collection_id: row.collection_id,
          project: row.project,
          entity: row.entity,
          entity_slug: row.entity_slug,
        }));
      },

      async uploadedCount(scope) {
        const params: unknown[] = [];
        return count(
          // The company's kept count (migration 0086), summed for the staff who see them all; not counted file by file.
          `SELECT coalesce(sum(k.uploaded), 0)::int AS count FROM exchange_entity_counts k WHERE ${scopeCondition(scope, 'k.entity_id', params)}`,
          params,
        );
      },

      async checkDuplicates(folderId, names, q = db) {
        if (names.length === 0) return [];
        const { rows } = await q.query<{ name: string }>(
          'SELECT name FROM exchange_files WHERE folder_id = $1 AND state <> 1 AND lower(name) = ANY($2::text[]) ORDER BY name',
          [folderId, names.map((name) => name.toLowerCase())],
        );
        return rows.map((row) => row.name);
      },

      placeUploads(session, incoming, via) {
        return db.transaction(async (tx) => {
          const results: Placed[] = [];
          for (const file of incoming) {
            const result = await repository.place(tx, file);
            await notifyFile(tx, result.row.id, 'collectmaster.placed', session.user.id);
            await fastify.auditRepository.record(
              session,
              {
                action: 'file.upload',
                itemType: 'exchange_file',
                itemId: result.row.id,
                details: {
                  name: result.row.name,
                  name_sent: file.clean.original,
                  size: file.size,
                  folder_id: file.folderId,
                  entity_id: result.row.entity_id,
                  outcome: result.outcome,
                  via,
                },
              },
              tx,
            );
            results.push(result);
          }
          return results;
        });
      },

      async place(tx, incoming) {
        // One upload at a time per folder: the name checks below hold until the commit.
        const folder = await tx.query('SELECT id FROM exchange_folders WHERE id = $1 FOR UPDATE', [incoming.folderId]);
        if (folder.rows.length === 0) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.folderNotFound);

        let target: { id: number; state: number; storage_key: string | null } | null;
        if (incoming.fileId) {
          const { rows } = await tx.query<{ id: number; state: number; storage_key: string | null }>(
            'SELECT id, state, storage_key FROM exchange_files WHERE id = $1 AND folder_id = $2 FOR UPDATE',
            [incoming.fileId, incoming.folderId],
          );
          if (!rows[0]) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.notMissing);
          target = rows[0];
        } else {
          const { rows } = await tx.query<{ id: number; state: number; storage_key: string | null }>(
            'SELECT id, state, storage_key FROM exchange_files WHERE folder_id = $1 AND lower(name) = lower($2) FOR UPDATE',
            [incoming.folderId, incoming.clean.name],
          );
          const existing = rows[0] ?? null;
          if (existing && existing.state !== FILE_STATE_CODES.missing) {
            if (!incoming.conflict) throw httpErrors.conflict(FILE_EXCHANGE_MESSAGES.duplicate([incoming.clean.name]));
            if (incoming.conflict === 'keep-both') {
              const name = await freeName(tx, incoming.folderId, incoming.clean.name);
              const { rows: inserted } = await tx.query<{ id: number }>(
                `INSERT INTO exchange_files (folder_id, name, name_original, extension, size_bytes, storage_key, state, upload_at, updated_at, uploaded_by)
                 VALUES ($1, $2, $3, $4, $5, $6, 2, now(), now(), $7) RETURNING id`,
                [incoming.folderId, name, incoming.clean.original, incoming.clean.extension, incoming.size, incoming.key, incoming.userId],
              );
              return { row: await rowById(tx, inserted[0]!.id), replacedKey: null, outcome: 'created' };
            }
          }
          target = existing;
        }

        if (target) {
          // A missing slot keeps the name the publisher gave it; a replaced file takes the new original name.
          const filling = target.state === FILE_STATE_CODES.missing;
          await tx.query(
            `UPDATE exchange_files SET storage_key = $2, size_bytes = $3, state = 2, comment = NULL, upload_at = now(), updated_at = now(),
                    uploaded_by = $4, name_original = CASE WHEN $5 THEN name_original ELSE $6 END
              WHERE id = $1`,
            [target.id, incoming.key, incoming.size, incoming.userId, filling, incoming.clean.original],
          );
          return { row: await rowById(tx, target.id), replacedKey: target.storage_key, outcome: filling ? 'filled' : 'replaced' };
        }

        const { rows: inserted } = await tx.query<{ id: number }>(
          `INSERT INTO exchange_files (folder_id, name, name_original, extension, size_bytes, storage_key, state, upload_at, updated_at, uploaded_by)
           VALUES ($1, $2, $3, $4, $5, $6, 2, now(), now(), $7) RETURNING id`,
          [
            incoming.folderId,
            incoming.clean.name,
            incoming.clean.original,
            incoming.clean.extension,
            incoming.size,
            incoming.key,
            incoming.userId,
          ],
        );
        return { row: await rowById(tx, inserted[0]!.id), replacedKey: null, outcome: 'created' };
      },

      async audience(entityId) {
        const customers = await db.query<{ id: number }>('SELECT id FROM users WHERE entity_id = $1', [entityId]);
        const staff = await db.query<{ id: number }>(
          `SELECT DISTINCT uc.consultant_id AS id FROM user_contacts uc JOIN users u ON u.id = uc.user_id WHERE u.entity_id = $1
           UNION SELECT id FROM users WHERE 'administrator' = ANY(rights)`,
          [entityId],
        );
        return { customers: customers.rows.map((row) => row.id), staff: staff.rows.map((row) => row.id) };
      },
    };
    fastify.decorate('fileExchangeRepository', repository);
  },
  { name: 'file-exchange-repository', dependencies: ['config', 'database', 'audit-repository'] },
);
