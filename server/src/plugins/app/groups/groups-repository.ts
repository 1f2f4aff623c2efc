import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import {
  GROUP_MESSAGES,
  type Group,
  type GroupBody,
  type GroupDetail,
  type GroupList,
  type GroupUpdateBody,
  type SearchPageQuery,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { likePattern } from '../../../lib/content/sql';
import { fieldError, naming } from '../../../lib/http/field-errors';

export interface GroupsRepository {
  list(query: SearchPageQuery): Promise<GroupList>;
  get(id: number): Promise<GroupDetail | null>;
  /** 409 on a name or report-server name already taken; 400 on an unknown member. Audited. */
  create(body: GroupBody, session: Session): Promise<GroupDetail>;
  update(id: number, body: GroupUpdateBody, session: Session): Promise<GroupDetail | null>;
  remove(id: number, session: Session): Promise<boolean>;
  /** Whether the group exists (its members' list answers 404 otherwise). */
  exists(id: number): Promise<boolean>;
  /** Makes the user a member (their `pbi_groups` follow); already one, nothing changes. Null when the group or the user does not exist. */
  addUser(id: number, userId: number, session: Session): Promise<GroupDetail | null>;
  /** Null when the group or the user does not exist; 404 when the user is not a member. */
  removeUser(id: number, userId: number, session: Session): Promise<GroupDetail | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    groupsRepository: GroupsRepository;
  }
}

/**
 * A user's `pbi_groups` are the report-server names of their groups, sorted: written again for
 * `userIds` whenever memberships or a group's report-server name change, in the caller's transaction.
 */
export async function recomputePbiGroups(tx: Queryable, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.query(
    `UPDATE users u
        SET pbi_groups = COALESCE((SELECT array_agg(g.pbi_group_name ORDER BY g.pbi_group_name)
                                     FROM group_users gu JOIN groups g ON g.id = gu.group_id
                                    WHERE gu.user_id = u.id AND g.pbi_group_name IS NOT NULL), '{}')
      WHERE u.id = ANY($1::int[])`,
    [userIds],
  );
}

async function memberIds(tx: Queryable, groupId: number): Promise<number[]> {
  const { rows } = await tx.query<{ user_id: number }>('SELECT user_id FROM group_users WHERE group_id = $1', [groupId]);
  return rows.map((row) => row.user_id);
}

/** Names are unique in the hub, and report-server names on the server (compared without case). */
async function checkUnique(tx: Queryable, body: GroupUpdateBody, id: number | null): Promise<void> {
  if (body.name !== undefined) {
    if (!body.name.trim()) throw fieldError(400, 'name', 'This field is required');
    const { rows } = await tx.query('SELECT 1 FROM groups WHERE name = $1 AND id IS DISTINCT FROM $2', [body.name.trim(), id]);
    if (rows.length > 0) throw naming(httpErrors.conflict(GROUP_MESSAGES.nameTaken), 'name');
  }
  if (body.pbi_group_name) {
    const { rows } = await tx.query('SELECT 1 FROM groups WHERE lower(pbi_group_name) = lower($1) AND id IS DISTINCT FROM $2', [
      body.pbi_group_name.trim(),
      id,
    ]);
    if (rows.length > 0) throw naming(httpErrors.conflict(GROUP_MESSAGES.pbiNameTaken), 'pbi_group_name');
  }
}

async function checkUsers(tx: Queryable, userIds: readonly number[] | undefined): Promise<void> {
  if (!userIds || userIds.length === 0) return;
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM users WHERE id = ANY($1::int[])', [userIds]);
  const found = new Set(rows.map((row) => row.id));
  const missing = userIds.find((userId) => !found.has(userId));
  if (missing !== undefined) throw fieldError(400, 'user_ids', `No such user (${missing})`);
}

async function setMembers(tx: Queryable, groupId: number, userIds: readonly number[]): Promise<void> {
  const before = await memberIds(tx, groupId);
  await tx.query('DELETE FROM group_users WHERE group_id = $1', [groupId]);
  if (userIds.length > 0) await tx.query('INSERT INTO group_users (group_id, user_id) SELECT $1, unnest($2::int[])', [groupId, userIds]);
  await recomputePbiGroups(tx, [...new Set([...before, ...userIds])]);
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    /** The group and the count of its members: the members themselves are paged (GET /groups/{id}/users). */
    async function get(id: number, queryable: Queryable = db): Promise<GroupDetail | null> {
      const { rows } = await queryable.query<GroupDetail>(
        `SELECT g.id, g.name, g.pbi_group_name, (SELECT count(*)::int FROM group_users gu WHERE gu.group_id = g.id) AS users_count
           FROM groups g WHERE g.id = $1`,
        [id],
      );
      return rows[0] ?? null;
    }

    /** Both ends of a membership change exist, and the group is locked for the change (as PUT /groups/{id} locks it). */
    async function lockBoth(tx: Queryable, id: number, userId: number): Promise<boolean> {
      const group = await tx.query('SELECT 1 FROM groups WHERE id = $1 FOR UPDATE', [id]);
      if (group.rows.length === 0) return false;
      const user = await tx.query('SELECT 1 FROM users WHERE id = $1', [userId]);
      return user.rows.length > 0;
    }

    const repository: GroupsRepository = {
      async list(query) {
        const page = query.page ?? 1;
        const pageSize = query.page_size ?? 20;
        const params: unknown[] = [];
        let filter = '';
        if (query.search?.trim()) {
          params.push(likePattern(query.search.trim()));
          filter = `WHERE g.name ILIKE $1 OR g.pbi_group_name ILIKE $1`;
        }
        const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM groups g ${filter}`, params);
        const { rows } = await db.query<GroupList['items'][number]>(
          `SELECT g.id, g.name, g.pbi_group_name, (SELECT count(*)::int FROM group_users gu WHERE gu.group_id = g.id) AS users_count
             FROM groups g ${filter}
            ORDER BY lower(g.name), g.id
            LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
        );
        return { items: rows, total: total.rows[0]!.count, page, page_size: pageSize };
      },

      get: (id) => get(id),

      async create(body, session) {
        return db.transaction(async (tx) => {
          await checkUnique(tx, body, null);
          await checkUsers(tx, body.user_ids);
          const { rows } = await tx.query<{ id: number }>('INSERT INTO groups (name, pbi_group_name) VALUES ($1, $2) RETURNING id', [
            body.name.trim(),
            body.pbi_group_name?.trim() || null,
          ]);
          const id = rows[0]!.id;
          if (body.user_ids) await setMembers(tx, id, body.user_ids);
          await fastify.auditRepository.record(
            session,
            { action: 'group.create', itemType: 'group', itemId: id, details: { ...body } },
            tx,
          );
          return (await get(id, tx))!;
        });
      },

      async update(id, body, session) {
        return db.transaction(async (tx) => {
          const { rows } = await tx.query<Group>('SELECT id, name, pbi_group_name FROM groups WHERE id = $1 FOR UPDATE', [id]);
          const current = rows[0];
          if (!current) return null;
          await checkUnique(tx, body, id);
          await checkUsers(tx, body.user_ids);
          const name = body.name?.trim() ?? current.name;
          const pbiName = body.pbi_group_name === undefined ? current.pbi_group_name : body.pbi_group_name?.trim() || null;
          await tx.query('UPDATE groups SET name = $2, pbi_group_name = $3 WHERE id = $1', [id, name, pbiName]);
          if (body.user_ids) await setMembers(tx, id, body.user_ids);
          else if (pbiName !== current.pbi_group_name) await recomputePbiGroups(tx, await memberIds(tx, id));
          await fastify.auditRepository.record(
            session,
            { action: 'group.update', itemType: 'group', itemId: id, details: { ...body } },
            tx,
          );
          return get(id, tx);
        });
      },

      async remove(id, session) {
        return db.transaction(async (tx) => {
          const members = await memberIds(tx, id);
          const { rows } = await tx.query<Group>('DELETE FROM groups WHERE id = $1 RETURNING id, name, pbi_group_name', [id]);
          if (!rows[0]) return false;
          await recomputePbiGroups(tx, members);
          await fastify.auditRepository.record(
            session,
            {
              action: 'group.delete',
              itemType: 'group',
              itemId: id,
              details: { name: rows[0].name, pbi_group_name: rows[0].pbi_group_name, members: members.length },
            },
            tx,
          );
          return true;
        });
      },

      async exists(id) {
        const { rows } = await db.query('SELECT 1 FROM groups WHERE id = $1', [id]);
        return rows.length > 0;
      },

      async addUser(id, userId, session) {
        return db.transaction(async (tx) => {
          if (!(await lockBoth(tx, id, userId))) return null;
          const added = await tx.query(
            'INSERT INTO group_users (group_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id',
            [id, userId],
          );
          if (added.rows.length > 0) {
            await recomputePbiGroups(tx, [userId]);
            await fastify.auditRepository.record(
              session,
              { action: 'group.user.add', itemType: 'group', itemId: id, details: { user_id: userId } },
              tx,
            );
          }
          return get(id, tx);
        });
      },

      async removeUser(id, userId, session) {
        return db.transaction(async (tx) => {
          if (!(await lockBoth(tx, id, userId))) return null;
          const removed = await tx.query('DELETE FROM group_users WHERE group_id = $1 AND user_id = $2 RETURNING user_id', [id, userId]);
          if (removed.rows.length === 0) throw httpErrors.notFound(GROUP_MESSAGES.userNotInGroup);
          await recomputePbiGroups(tx, [userId]);
          await fastify.auditRepository.record(
            session,
            { action: 'group.user.remove', itemType: 'group', itemId: id, details: { user_id: userId } },
            tx,
          );
          return get(id, tx);
        });
      },
    };
    fastify.decorate('groupsRepository', repository);
  },
  { name: 'groups-repository', dependencies: ['database', 'audit-repository'] },
);
