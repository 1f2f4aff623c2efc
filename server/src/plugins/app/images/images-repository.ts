import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import {
  FIELD_LIMITS,
  isAdministrator,
  isContributor,
  type AdminImage,
  type AdminImageList,
  type AdminImageListQuery,
  type Image,
  type ImageCategory,
  type ImageList,
} from '@hub/shared/api';
import type { Session } from '../../../lib/auth/session';
import { setClauses } from '../../../lib/content/sql';
import { iso } from '../../../lib/iso';
import type { ImageFields, StoredImageFile } from '../../../lib/images/image-upload';
import { imageVersion } from '../../../lib/images/image-json';
import type { ImageMime } from '../../../lib/images/image-type';

/**
 * The images rows. The bytes live in `fastify.imageStore`: the routes put them there first,
 * then the repository writes the row (and its audit line) in one transaction.
 */
/** The categories every signed-in person may list: what content shows to everyone. */
export const SHARED_IMAGE_CATEGORIES: readonly ImageCategory[] = ['banner', 'thumbnail', 'description'];

/** Whose profile pictures and logos a caller may see (see ImagesRepository.listFor and adminList). */
interface Scope {
  userId: number;
  entityId: number | null;
  /** The pictures of the entity's users too (staff managing their entity). */
  colleagues: boolean;
  /** Banners, thumbnails and description images, whoever they belong to. */
  shared: boolean;
}

/** The SQL condition of a scope, its values pushed onto `params`. */
function scopeSql(scope: Scope, params: unknown[]): string {
  params.push(scope.userId, scope.entityId);
  const [user, entity] = [`$${params.length - 1}`, `$${params.length}::int`];
  return `(${scope.shared ? `category IN ('banner', 'thumbnail', 'description') OR ` : ''}created_by = ${user}
    OR id IN (SELECT profile_image_id FROM users WHERE id = ${user}${scope.colleagues ? ` OR entity_id = ${entity}` : ''})
    OR id = (SELECT logo_image_id FROM entities WHERE id = ${entity}))`;
}

export interface ImagesRepository {
  list(query: AdminImageListQuery): Promise<ImageList>;
  /**
   * GET /api/images/category/{category}: a contributor or more lists what they manage (the whole
   * category, as in the images console); a customer lists the shared categories, and of profile
   * pictures and logos only his own (his current picture, those he uploaded, his entity's logo).
   */
  listFor(session: Session, query: AdminImageListQuery & { category: ImageCategory }): Promise<ImageList>;
  /** The images console: `session` (not an administrator) limits profile pictures and logos to its entity in force. */
  adminList(query: AdminImageListQuery, session?: Session): Promise<AdminImageList>;
  /** One image; with `session`, null when it is a picture or logo outside what the session manages. */
  get(id: number, session?: Session): Promise<AdminImage | null>;
  /** What GET /api/images/{id}/file/{key} needs: null unless `accessKey` is the image's. */
  file(id: number, accessKey: string): Promise<{ key: string; mime: ImageMime } | null>;
  create(file: StoredImageFile, fields: ImageFields & { category: ImageCategory }, session: Session): Promise<AdminImage>;
  /** Changes the fields and, with a file, the bytes; answers the replaced key for the caller to delete after the commit. */
  update(
    id: number,
    file: StoredImageFile | null,
    fields: ImageFields,
    session: Session,
  ): Promise<{ image: AdminImage; replacedKey: string | null }>;
  /** Deletes the row (items pointing at it lose the image); answers the key of the bytes to delete. */
  remove(id: number, session: Session): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    imagesRepository: ImagesRepository;
  }
}

interface ImageRow {
  id: number;
  name: string;
  category: ImageCategory;
  description: string | null;
  storage_key: string;
  access_key: string;
  mime: ImageMime;
  size_bytes: number;
  created_at: Date | string;
}

const COLUMNS = 'id, name, category, description, storage_key, access_key, mime, size_bytes, created_at';
const NOT_FOUND = 'Image not found';

export default fp(
  async (fastify) => {
    const { db, imageUrls } = fastify;

    const toImage = (row: ImageRow): Image => ({
      id: row.id,
      name: row.name,
      url: imageUrls.url(row.id, row.access_key, imageVersion(row.storage_key)),
      category: row.category,
      description: row.description,
    });
    const toAdminImage = (row: ImageRow): AdminImage => ({
      ...toImage(row),
      size_bytes: row.size_bytes,
      mime: row.mime,
      created_at: iso(row.created_at),
    });

    /** `own`: only the profile pictures and logos of that scope (see Scope). */
    async function rows(query: AdminImageListQuery, own?: Scope) {
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 20;
      const params: unknown[] = [];
      let where = 'TRUE';
      if (query.category) {
        params.push(query.category);
        where = `category = $1`;
      }
      if (own) where += ` AND ${scopeSql(own, params)}`;
      const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM images WHERE ${where}`, params);
      const { rows: found } = await db.query<ImageRow>(
        `SELECT ${COLUMNS} FROM images WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      );
      return { found, total: total.rows[0]!.count, page, page_size: pageSize };
    }

    /** Staff below administrator manage the shared categories, and the pictures and logo of the entity in force. */
    const staffScope = (session?: Session): Scope | undefined =>
      !session || isAdministrator(session.rights)
        ? undefined
        : { userId: session.user.id, entityId: session.entityId, colleagues: true, shared: true };

    const repository: ImagesRepository = {
      async list(query) {
        const { found, ...rest } = await rows(query);
        return { items: found.map(toImage), ...rest };
      },

      async listFor(session, query) {
        const scope: Scope | undefined = isContributor(session.rights)
          ? staffScope(session)
          : SHARED_IMAGE_CATEGORIES.includes(query.category)
            ? undefined
            : { userId: session.user.id, entityId: session.user.entity_id, colleagues: false, shared: false };
        const { found, ...rest } = await rows(query, scope);
        return { items: found.map(toImage), ...rest };
      },

      async adminList(query, session) {
        const { found, ...rest } = await rows(query, staffScope(session));
        return { items: found.map(toAdminImage), ...rest };
      },

      async get(id, session) {
        const params: unknown[] = [id];
        const scope = staffScope(session);
        const { rows: found } = await db.query<ImageRow>(
          `SELECT ${COLUMNS} FROM images WHERE id = $1${scope ? ` AND ${scopeSql(scope, params)}` : ''}`,
          params,
        );
        return found[0] ? toAdminImage(found[0]) : null;
      },

      async file(id, accessKey) {
        const { rows: found } = await db.query<{ storage_key: string; mime: ImageMime }>(
          'SELECT storage_key, mime FROM images WHERE id = $1 AND access_key = $2',
          [id, accessKey],
        );
        return found[0] ? { key: found[0].storage_key, mime: found[0].mime } : null;
      },

      async create(file, fields, session) {
        return db.transaction(async (tx) => {
          const { rows: created } = await tx.query<ImageRow>(
            `INSERT INTO images (name, category, description, storage_key, mime, size_bytes, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
            [
              fields.name ?? (file.filename.slice(0, FIELD_LIMITS.imageName) || 'image'),
              fields.category,
              fields.description ?? null,
              file.key,
              file.mime,
              file.size,
              session.actor.id,
            ],
          );
          const image = toAdminImage(created[0]!);
          await fastify.auditRepository.record(
            session,
            {
              action: 'image.create',
              itemType: 'image',
              itemId: image.id,
              details: { name: image.name, category: image.category, size_bytes: image.size_bytes },
            },
            tx,
          );
          return image;
        });
      },

      async update(id, file, fields, session) {
        return db.transaction(async (tx) => {
          const { rows: current } = await tx.query<ImageRow>(`SELECT ${COLUMNS} FROM images WHERE id = $1 FOR UPDATE`, [id]);
          if (!current[0]) throw httpErrors.notFound(NOT_FOUND);
          const params: unknown[] = [];
          const sets = setClauses(
            {
              name: fields.name,
              category: fields.category,
              description: fields.description,
              storage_key: file?.key,
              mime: file?.mime,
              size_bytes: file?.size,
            },
            params,
          );
          let row = current[0];
          if (sets.length) {
            params.push(id);
            const { rows: updated } = await tx.query<ImageRow>(
              `UPDATE images SET ${sets.join(', ')} WHERE id = $${params.length} RETURNING ${COLUMNS}`,
              params,
            );
            row = updated[0]!;
          }
          const changed = [...Object.keys(fields), ...(file ? ['file'] : [])];
          await fastify.auditRepository.record(
            session,
            { action: 'image.update', itemType: 'image', itemId: id, details: { fields: changed } },
            tx,
          );
          return { image: toAdminImage(row), replacedKey: file ? current[0].storage_key : null };
        });
      },

      async remove(id, session) {
        return db.transaction(async (tx) => {
          const { rows: deleted } = await tx.query<{ name: string; storage_key: string }>(
            'DELETE FROM images WHERE id = $1 RETURNING name, storage_key',
            [id],
          );
          if (!deleted[0]) throw httpErrors.notFound(NOT_FOUND);
          await fastify.auditRepository.record(
            session,
            { action: 'image.delete', itemType: 'image', itemId: id, details: { name: deleted[0].name } },
            tx,
          );
          return deleted[0].storage_key;
        });
      },
    };
    fastify.decorate('imagesRepository', repository);
  },
  { name: 'images-repository', dependencies: ['database', 'image-urls', 'audit-repository'] },
);
