import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import {
  ENTITY_MESSAGES,
  type Entity,
  type EntityBody,
  type EntityDetail,
  type EntityList,
  type EntityUpdateBody,
  type SearchPageQuery,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { likePattern } from '../../../lib/content/sql';
import { imageJsonSql, type ImageJson } from '../../../lib/images/image-json';
import { fieldError, naming } from '../../../lib/http/field-errors';

export interface EntitiesRepository {
  /** 'all' entities (administrators), or one entity (anyone else: their own), or none. */
  list(query: SearchPageQuery, scope: 'all' | number | null): Promise<EntityList>;
  get(id: number): Promise<EntityDetail | null>;
  /** 409 on a name taken, 400 on a bad logo or provider. Audited, like every write below. */
  create(body: EntityBody, session: Session): Promise<EntityDetail>;
  update(id: number, body: EntityUpdateBody, session: Session): Promise<EntityDetail | null>;
  /** Its users are left without an entity; its advices, dashboards and tickets go with it. */
  remove(id: number, session: Session): Promise<boolean>;
  /** Moves a user into the entity (from any other). Null when the entity or the user does not exist. */
  addUser(entityId: number, userId: number, session: Session): Promise<EntityDetail | null>;
  /** Null when the entity or the user does not exist; 404 when the user is not in it. */
  removeUser(entityId: number, userId: number, session: Session): Promise<EntityDetail | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    entitiesRepository: EntitiesRepository;
  }
}

interface EntityRow {
  id: number;
  name: string;
  slug: string;
  provider_name: string | null;
  logo: ImageJson | null;
  users_count?: number;
}

const SELECT = `SELECT e.id, e.name, e.slug, e.provider_name, ${imageJsonSql('l')} AS logo`;
const FROM = 'FROM entities e LEFT JOIN images l ON l.id = e.logo_image_id';
/** An entity's users, counted from users_entity_idx: the lists and the details answer the count, never the users. */
const USERS_COUNT = '(SELECT count(*)::int FROM users u WHERE u.entity_id = e.id) AS users_count';

/** The file-exchange API names entities by slug: lower-case letters, digits and dashes. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'entity';
}

async function uniqueSlug(tx: Queryable, name: string, id: number | null): Promise<string> {
  const base = slugify(name);
  const { rows } = await tx.query<{ slug: string }>(
    `SELECT slug FROM entities WHERE (slug = $1 OR slug LIKE $1 || '-%') AND id IS DISTINCT FROM $2`,
    [base, id],
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

async function checkBody(tx: Queryable, body: EntityUpdateBody, id: number | null): Promise<void> {
  if (body.name !== undefined) {
    if (!body.name.trim()) throw fieldError(400, 'name', 'This field is required');
    const { rows } = await tx.query('SELECT 1 FROM entities WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2', [
      body.name.trim(),
      id,
    ]);
    if (rows.length > 0) throw naming(httpErrors.conflict(ENTITY_MESSAGES.nameTaken), 'name');
  }
  if (body.logo_id !== undefined && body.logo_id !== null) {
    const logo = await tx.query('SELECT 1 FROM images WHERE id = $1 AND category = $2', [body.logo_id, 'logo']);
    if (logo.rows.length === 0) throw httpErrors.badRequest(ENTITY_MESSAGES.logoNotFound);
  }
  if (body.provider_name !== undefined && body.provider_name !== null) {
    const provider = await tx.query('SELECT 1 FROM identity_providers WHERE name = $1', [body.provider_name]);
    if (provider.rows.length === 0) throw httpErrors.badRequest(ENTITY_MESSAGES.unknownProvider);
  }
}

export default fp(
  async (fastify) => {
    const { db, imageUrls } = fastify;

    const toEntity = (row: EntityRow) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      provider_name: row.provider_name,
      logo: imageUrls.toImage(row.logo),
    });

    /** The entity and the count of its users: the users themselves are paged (GET /users/entity/{id}). */
    async function get(id: number, queryable: Queryable = db): Promise<EntityDetail | null> {
      const { rows } = await queryable.query<EntityRow & { users_count: number; reply_target_hours: number }>(
        `${SELECT}, ${USERS_COUNT}, e.reply_target_hours::float8 AS reply_target_hours ${FROM} WHERE e.id = $1`,
        [id],
      );
      if (!rows[0]) return null;
      return { ...toEntity(rows[0]), users_count: rows[0].users_count, reply_target_hours: Number(rows[0].reply_target_hours) };
    }

    /** Both ends of a membership change exist, and the entity is locked for the change. */
    async function lockBoth(tx: Queryable, entityId: number, userId: number): Promise<{ entity_id: number | null } | null> {
      const entity = await tx.query('SELECT 1 FROM entities WHERE id = $1 FOR UPDATE', [entityId]);
      if (entity.rows.length === 0) return null;
      const user = await tx.query<{ entity_id: number | null }>('SELECT entity_id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      return user.rows[0] ?? null;
    }

    const repository: EntitiesRepository = {
      async list(query, scope) {
        const page = query.page ?? 1;
        const pageSize = query.page_size ?? 20;
        if (scope === null) return { items: [], total: 0, page, page_size: pageSize };
        const params: unknown[] = [];
        const where: string[] = [];
        if (scope !== 'all') {
          params.push(scope);
          where.push(`e.id = $${params.length}`);
        }
        if (query.search?.trim()) {
          params.push(likePattern(query.search.trim()));
          where.push(`e.name ILIKE $${params.length}`);
        }
        const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
        const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM entities e ${filter}`, params);
        const { rows } = await db.query<EntityRow & { users_count: number }>(
          `${SELECT}, ${USERS_COUNT}
             ${FROM} ${filter}
            ORDER BY lower(e.name), e.id
            LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
        );
        const items: Entity[] = rows.map((row) => ({ ...toEntity(row), users_count: row.users_count }));
        return { items, total: total.rows[0]!.count, page, page_size: pageSize };
      },

      get: (id) => get(id),

      async create(body, session) {
        return db.transaction(async (tx) => {
          await checkBody(tx, body, null);
          const name = body.name.trim();
          const { rows } = await tx.query<{ id: number }>(
            'INSERT INTO entities (name, slug, logo_image_id, provider_name, reply_target_hours) VALUES ($1, $2, $3, $4, $5) RETURNING id',
            [name, await uniqueSlug(tx, name, null), body.logo_id ?? null, body.provider_name ?? null, body.reply_target_hours ?? 4],
          );
          const id = rows[0]!.id;
          await fastify.auditRepository.record(
            session,
            { action: 'entity.create', itemType: 'entity', itemId: id, details: { ...body } },
            tx,
          );
          return (await get(id, tx))!;
        });
      },

      async update(id, body, session) {
        return db.transaction(async (tx) => {
          const { rows } = await tx.query<{ name: string }>('SELECT name FROM entities WHERE id = $1 FOR UPDATE', [id]);
          if (!rows[0]) return null;
          await checkBody(tx, body, id);
          const sets: string[] = [];
          const params: unknown[] = [id];
          if (body.name !== undefined) sets.push(`name = $${params.push(body.name.trim())}`);
          if (body.logo_id !== undefined) sets.push(`logo_image_id = $${params.push(body.logo_id)}`);
          if (body.provider_name !== undefined) sets.push(`provider_name = $${params.push(body.provider_name)}`);
          if (body.reply_target_hours !== undefined) sets.push(`reply_target_hours = $${params.push(body.reply_target_hours)}`);
          // The slug stays: the file-exchange API's URLs handed out with it keep working after a rename.
          if (sets.length > 0) await tx.query(`UPDATE entities SET ${sets.join(', ')} WHERE id = $1`, params);
          await fastify.auditRepository.record(
            session,
            { action: 'entity.update', itemType: 'entity', itemId: id, details: { ...body, previous_name: rows[0].name } },
            tx,
          );
          return get(id, tx);
        });
      },

      async remove(id, session) {
        return db.transaction(async (tx) => {
          const users = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM users WHERE entity_id = $1', [id]);
          const { rows } = await tx.query<{ name: string }>('DELETE FROM entities WHERE id = $1 RETURNING name', [id]);
          if (!rows[0]) return false;
          await fastify.auditRepository.record(
            session,
            { action: 'entity.delete', itemType: 'entity', itemId: id, details: { name: rows[0].name, users_count: users.rows[0]!.count } },
            tx,
          );
          return true;
        });
      },

      async addUser(entityId, userId, session) {
        return db.transaction(async (tx) => {
          const user = await lockBoth(tx, entityId, userId);
          if (!user) return null;
          if (user.entity_id !== entityId) {
            await tx.query('UPDATE users SET entity_id = $2 WHERE id = $1', [userId, entityId]);
            await fastify.auditRepository.record(
              session,
              {
                action: 'entity.user.add',
                itemType: 'entity',
                itemId: entityId,
                details: { user_id: userId, previous_entity_id: user.entity_id },
              },
              tx,
            );
          }
          return get(entityId, tx);
        });
      },

      async removeUser(entityId, userId, session) {
        return db.transaction(async (tx) => {
          const user = await lockBoth(tx, entityId, userId);
          if (!user) return null;
          if (user.entity_id !== entityId) throw httpErrors.notFound(ENTITY_MESSAGES.userNotInEntity);
          await tx.query('UPDATE users SET entity_id = NULL WHERE id = $1', [userId]);
          await fastify.auditRepository.record(
            session,
            { action: 'entity.user.remove', itemType: 'entity', itemId: entityId, details: { user_id: userId } },
            tx,
          );
          return get(entityId, tx);
        });
      },
    };
    fastify.decorate('entitiesRepository', repository);
  },
  { name: 'entities-repository', dependencies: ['database', 'image-urls', 'audit-repository'] },
);
