import fp from 'fastify-plugin';
import {
  isAdministrator,
  ROLES,
  USER_MESSAGES,
  type AdminUser,
  type AdminUserList,
  type AdminUserListQuery,
  type AdminUserListItem,
  type AdminUserUpdateBody,
  type SearchPageQuery,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { recomputePbiGroups } from '../groups/groups-repository';
import { imageJsonSql, type ImageJson } from '../../../lib/images/image-json';
import { cleanDescription } from '../../../lib/content/description';
import { foldedLike, likePattern, personSearchText } from '../../../lib/content/sql';
import { cappedCount, countCap } from '../../../lib/paging';
import { fieldError } from '../../../lib/http/field-errors';
import { forgetLostSight } from '../../../lib/notifications/notifications';

/** Which users an admin list shows. */
export type UserListFilter =
  | { kind: 'all' }
  | { kind: 'entity'; entityId: number }
  /** The members of a group (GET /api/admin/groups/{id}/users). */
  | { kind: 'group'; groupId: number }
  | { kind: 'no-entity' }
  /** Users with contact_enable: the consultants a user can be given. */
  | { kind: 'contacts' }
  /** Everyone an administrator may display the portal as: anyone but themselves. */
  | { kind: 'display-as'; actorId: number };

export interface AdminUsersRepository {
  list(
    query: SearchPageQuery & Pick<AdminUserListQuery, 'role' | 'not_entity' | 'not_group'>,
    filter: UserListFilter,
  ): Promise<AdminUserList>;
  get(id: number): Promise<AdminUser | null>;
  /** PUT /api/admin/users/{id}: null when there is no such user; 400 on a bad reference. Audited. */
  update(id: number, body: AdminUserUpdateBody, session: Session): Promise<AdminUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    adminUsersRepository: AdminUsersRepository;
  }
}

interface ListRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  rights: string[];
  contact_enable: boolean;
  profile_image: ImageJson | null;
  entity_id: number | null;
  entity_name: string | null;
  entity_logo: ImageJson | null;
}

export default fp(
  async (fastify) => {
    const { db, imageUrls } = fastify;

    const toListItem = (row: ListRow): AdminUserListItem => ({
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      rights: row.rights,
      contact_enable: row.contact_enable,
      profile_image: imageUrls.toImage(row.profile_image),
      entity: row.entity_id === null ? null : { id: row.entity_id, name: row.entity_name!, logo: imageUrls.toImage(row.entity_logo) },
    });

    async function get(id: number, queryable: Queryable = db): Promise<AdminUser | null> {
      const profile = await fastify.usersRepository.profile(id);
      if (!profile) return null;
      const { rows } = await queryable.query<{ description: string | null }>('SELECT description FROM users WHERE id = $1', [id]);
      return { ...profile, description: rows[0]?.description ?? null };
    }

    /** The references of an update body must exist: a 400 that names the field, not a foreign-key 500. */
    async function checkReferences(
      tx: Queryable,
      id: number,
      body: AdminUserUpdateBody,
    ): Promise<Array<{ id: number; name: string }> | null> {
      if (body.entity_id !== undefined && body.entity_id !== null) {
        const { rows } = await tx.query('SELECT 1 FROM entities WHERE id = $1', [body.entity_id]);
        if (rows.length === 0) throw fieldError(400, 'entity_id', `No such entity (${body.entity_id})`);
      }
      if (body.contacts && body.contacts.length > 0) {
        if (body.contacts.includes(id)) throw fieldError(400, 'contacts', 'A user cannot be their own contact');
        const { rows } = await tx.query<{ id: number }>('SELECT id FROM users WHERE id = ANY($1::int[]) AND contact_enable', [
          body.contacts,
        ]);
        const found = new Set(rows.map((row) => row.id));
        const missing = body.contacts.find((contact) => !found.has(contact));
        if (missing !== undefined) throw fieldError(400, 'contacts', `User ${missing} does not exist or is not a contact (contact_enable)`);
      }
      if (body.profile_image_id !== undefined && body.profile_image_id !== null) {
        const { rows } = await tx.query<{ category: string }>('SELECT category FROM images WHERE id = $1', [body.profile_image_id]);
        if (!rows[0]) throw fieldError(400, 'profile_image_id', USER_MESSAGES.imageNotFound);
        if (rows[0].category !== 'profile') throw fieldError(400, 'profile_image_id', USER_MESSAGES.notProfileImage);
      }
      if (body.pbi_groups === undefined) return null;
      const { rows } = await tx.query<{ id: number; name: string }>(
        'SELECT id, pbi_group_name AS name FROM groups WHERE lower(pbi_group_name) = ANY($1::text[])',
        [body.pbi_groups.map((name) => name.toLowerCase())],
      );
      const known = new Set(rows.map((row) => row.name.toLowerCase()));
      const unknown = body.pbi_groups.find((name) => !known.has(name.toLowerCase()));
      if (unknown !== undefined) throw fieldError(400, 'pbi_groups', `No group has the report server name "${unknown}"`);
      return rows;
    }

    const repository: AdminUsersRepository = {
      async list(query, filter) {
        const page = query.page ?? 1;
        const pageSize = query.page_size ?? 20;
        const params: unknown[] = [];
        // Former users (erased) keep a row for their messages only: no console lists them.
        const where: string[] = ['u.erased_at IS NULL'];
        if (filter.kind === 'entity') {
          params.push(filter.entityId);
          where.push(`u.entity_id = $${params.length}`);
        } else if (filter.kind === 'group') {
          // The group's rows of group_users, read by its primary key (group_id, user_id).
          params.push(filter.groupId);
          where.push(`EXISTS (SELECT 1 FROM group_users gu WHERE gu.group_id = $${params.length} AND gu.user_id = u.id)`);
        } else if (filter.kind === 'no-entity') {
          where.push('u.entity_id IS NULL');
        } else if (filter.kind === 'contacts') {
          where.push('u.contact_enable');
        } else if (filter.kind === 'display-as') {
          params.push(filter.actorId);
          where.push(`u.id <> $${params.length}`);
        }
        if (query.search?.trim()) {
          params.push(likePattern(query.search.trim()));
          const p = `$${params.length}`;
          where.push(foldedLike(personSearchText('u'), p));
        }
        if (query.not_entity !== undefined) {
          params.push(query.not_entity);
          where.push(`u.entity_id IS DISTINCT FROM $${params.length}`);
        }
        if (query.not_group !== undefined) {
          params.push(query.not_group);
          where.push(`NOT EXISTS (SELECT 1 FROM group_users gu WHERE gu.group_id = $${params.length} AND gu.user_id = u.id)`);
        }
        if (query.role) {
          // The highest role: holds it, and none above it.
          params.push(query.role, ROLES.slice(ROLES.indexOf(query.role) + 1));
          where.push(`($${params.length - 1} = ANY(u.rights) AND NOT (u.rights && $${params.length}::text[]))`);
        }
        const filterSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
        // Counted up to COUNT_CAP (SEARCHED_COUNT_CAP when searched): a hundred thousand users are
        // not counted on every page, nor the twenty thousand a common word finds.
        const total = await cappedCount(db, `FROM users u ${filterSql}`, params, countCap(query.search));
        const { rows } = await db.query<ListRow>(
          `SELECT u.id, u.first_name, u.last_name, u.email, u.rights, u.contact_enable, ${imageJsonSql('pi')} AS profile_image,
                  e.id AS entity_id, e.name AS entity_name, ${imageJsonSql('li')} AS entity_logo
             FROM users u
             LEFT JOIN images pi ON pi.id = u.profile_image_id
             LEFT JOIN entities e ON e.id = u.entity_id
             LEFT JOIN images li ON li.id = e.logo_image_id
             ${filterSql}
            ORDER BY u.last_name, u.first_name, u.id
            LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
        );
        return { items: rows.map(toListItem), total: total.total, total_capped: total.capped, page, page_size: pageSize };
      },

      get: (id) => get(id),

      async update(id, body, session) {
        const changed = await db.transaction(async (tx) => {
          // Dropping the administrator right locks every administrator first, always in the same order: two
          // administrators demoting each other at once are then serialised, and the second sees the first's change.
          const demotes = body.rights !== undefined && !isAdministrator(body.rights);
          const administrators = demotes
            ? (await tx.query<{ id: number }>(`SELECT id FROM users WHERE 'administrator' = ANY(rights) ORDER BY id FOR UPDATE`)).rows
            : [];
          const { rows } = await tx.query<{ rights: string[] }>('SELECT rights FROM users WHERE id = $1 FOR UPDATE', [id]);
          const current = rows[0];
          if (!current) return false;
          // Locking oneself out of the consoles is not something a form should allow.
          if (body.rights && id === session.actor.id && isAdministrator(current.rights) && !isAdministrator(body.rights)) {
            throw fieldError(400, 'rights', USER_MESSAGES.ownAdministratorRight);
          }
          if (demotes && administrators.length === 1 && administrators[0]!.id === id) {
            throw fieldError(400, 'rights', USER_MESSAGES.lastAdministrator);
          }
          const groups = await checkReferences(tx, id, body);

          const sets: string[] = [];
          const params: unknown[] = [id];
          const set = (column: string, value: unknown) => {
            params.push(value);
            sets.push(`${column} = $${params.length}`);
          };
          if (body.first_name !== undefined) set('first_name', body.first_name.trim());
          if (body.last_name !== undefined) set('last_name', body.last_name.trim());
          if (body.rights !== undefined) set('rights', body.rights);
          if (body.welcome_message !== undefined) set('welcome_message', body.welcome_message);
          if (body.contact_enable !== undefined) set('contact_enable', body.contact_enable);
          if (body.description !== undefined) set('description', body.description === null ? null : cleanDescription(body.description));
          if (body.entity_id !== undefined) set('entity_id', body.entity_id);
          if (body.profile_image_id !== undefined) set('profile_image_id', body.profile_image_id);
          if (sets.length > 0) await tx.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, params);
          if (body.entity_id !== undefined) await forgetLostSight(tx, id);

          if (body.contacts !== undefined) {
            await tx.query('DELETE FROM user_contacts WHERE user_id = $1', [id]);
            if (body.contacts.length > 0) {
              await tx.query('INSERT INTO user_contacts (user_id, consultant_id) SELECT $1, unnest($2::int[])', [id, body.contacts]);
            }
          }
          // The user's groups are the ones named; pbi_groups then reads them back, spelled as the groups are.
          if (groups !== null) {
            await tx.query('DELETE FROM group_users WHERE user_id = $1', [id]);
            if (groups.length > 0) {
              await tx.query('INSERT INTO group_users (group_id, user_id) SELECT unnest($2::int[]), $1', [
                id,
                groups.map((group) => group.id),
              ]);
            }
            await recomputePbiGroups(tx, [id]);
          }

          const { description: _description, welcome_message: _welcome, ...shown } = body;
          await fastify.auditRepository.record(
            session,
            { action: 'user.update', itemType: 'user', itemId: id, details: { fields: Object.keys(body), ...shown } },
            tx,
          );
          return true;
        });
        return changed ? get(id) : null;
      },
    };
    fastify.decorate('adminUsersRepository', repository);
  },
  { name: 'admin-users-repository', dependencies: ['database', 'image-urls', 'users-repository', 'audit-repository'] },
);
