import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Group, PbiRefreshGroupsResponse, PbiRefreshUsersResponse } from '@hub/shared/api';
import { groupPrincipals, type ReportServerClient } from '../../../lib/power-bi/report-server-client';
import type { Session } from '../../../lib/auth/session';

export interface PowerBiSync {
  /**
   * PUT /api/admin/pbi/refresh-groups: every group named in the report server's security policies
   * gets a hub group. Matched by report-server name (without case); else a hub group of the same
   * name without a report-server name takes it; else a new group. Nothing is deleted. Audited.
   * One sync at a time (SyncAlreadyRunningError); the server is read before anything is written,
   * and everything is written in one transaction: a failing report server leaves the hub as it was.
   */
  refreshGroups(server: ReportServerClient, session: Session): Promise<PbiRefreshGroupsResponse>;
  /**
   * PUT /api/admin/pbi/refresh-users: every user's `pbi_groups` becomes the report-server names of
   * their hub groups that the server still names in its policies. The report server's REST API
   * does not publish who belongs to a directory group, so membership is the hub's (group admin,
   * user admin); the server says which groups exist. Creates no user. Audited. One sync at a time,
   * one transaction, like refreshGroups.
   */
  refreshUsers(server: ReportServerClient, session: Session): Promise<PbiRefreshUsersResponse>;
}

declare module 'fastify' {
  interface FastifyInstance {
    powerBiSync: PowerBiSync;
  }
}

/** Another sync holds the lease (this process or another one on the same database): 409. */
export class SyncAlreadyRunningError extends Error {
  constructor(readonly kind: string) {
    super(`a Power BI sync (${kind}) is already running`);
    this.name = 'SyncAlreadyRunningError';
  }
}

/** Longer than any run (the connector gives up on a request after 15 s): a dead process's lease expires. */
const LEASE_MINUTES = 30;

/** The hub's name for a report-server group: `DOMAIN\Sales` is shown as `Sales`. */
const displayName = (principal: string) => principal.slice(principal.lastIndexOf('\\') + 1).trim() || principal;

export default fp(
  async (fastify) => {
    const { db } = fastify;

    /**
     * Runs `work` holding the one sync lease (table pbi_sync_lock): taken atomically by a single
     * upsert, so two runs, in this process or in two processes on the same database, never overlap;
     * the second one is refused. Given back when the run ends, whatever happened.
     */
    async function exclusive<T>(kind: string, work: () => Promise<T>): Promise<T> {
      const token = randomUUID();
      const taken = await db.query(
        `INSERT INTO pbi_sync_lock (id, kind, token, since) VALUES (1, $1, $2, now())
         ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind, token = EXCLUDED.token, since = EXCLUDED.since
          WHERE pbi_sync_lock.token IS NULL OR pbi_sync_lock.since < now() - make_interval(mins => $3)
         RETURNING id`,
        [kind, token, LEASE_MINUTES],
      );
      if (taken.rows.length === 0) {
        const { rows } = await db.query<{ kind: string | null }>('SELECT kind FROM pbi_sync_lock WHERE id = 1');
        throw new SyncAlreadyRunningError(rows[0]?.kind ?? kind);
      }
      try {
        return await work();
      } finally {
        await db.query('UPDATE pbi_sync_lock SET kind = NULL, token = NULL, since = NULL WHERE id = 1 AND token = $1', [token]);
      }
    }

    const sync: PowerBiSync = {
      refreshGroups: (server, session) =>
        exclusive('refresh-groups', async () => {
          // Read the server first: no transaction stays open while it answers.
          const principals = groupPrincipals(await server.catalogPolicies());
          return db.transaction(async (tx) => {
            let created = 0;
            let updated = 0;
            let unchanged = 0;
            const groups: Group[] = [];
            for (const principal of [...principals.values()].sort((a, b) => a.localeCompare(b))) {
              const known = await tx.query<Group>('SELECT id, name, pbi_group_name FROM groups WHERE lower(pbi_group_name) = lower($1)', [
                principal,
              ]);
              if (known.rows[0]) {
                unchanged += 1;
                groups.push(known.rows[0]);
                continue;
              }
              const name = displayName(principal);
              const claimed = await tx.query<Group>(
                'UPDATE groups SET pbi_group_name = $2 WHERE name = $1 AND pbi_group_name IS NULL RETURNING id, name, pbi_group_name',
                [name, principal],
              );
              if (claimed.rows[0]) {
                updated += 1;
                groups.push(claimed.rows[0]);
                continue;
              }
              // A hub group already holds the short name for another report-server group: keep both apart.
              const taken = await tx.query('SELECT 1 FROM groups WHERE name = $1', [name]);
              const inserted = await tx.query<Group>(
                'INSERT INTO groups (name, pbi_group_name) VALUES ($1, $2) RETURNING id, name, pbi_group_name',
                [taken.rows.length > 0 ? principal : name, principal],
              );
              created += 1;
              groups.push(inserted.rows[0]!);
            }
            const stale = await tx.query<{ count: number }>(
              'SELECT count(*)::int AS count FROM groups WHERE pbi_group_name IS NOT NULL AND NOT (lower(pbi_group_name) = ANY($1::text[]))',
              [[...principals.keys()]],
            );
            const notOnServer = stale.rows[0]!.count;
            await fastify.auditRepository.record(
              session,
              {
                action: 'pbi.refresh-groups',
                itemType: 'group',
                details: { server: server.apiUrl, found: principals.size, created, updated, unchanged, not_on_server: notOnServer },
              },
              tx,
            );
            return { status: 'success' as const, found: principals.size, created, updated, unchanged, not_on_server: notOnServer, groups };
          });
        }),

      refreshUsers: (server, session) =>
        exclusive('refresh-users', async () => {
          const onServer = [...groupPrincipals(await server.catalogPolicies()).keys()];
          return db.transaction(async (tx) => {
            // The users whose groups change, with their groups before and after, then the change itself.
            const { rows } = await tx.query<{ id: number; before: string[] | null; after: string[] }>(
              `WITH computed AS (
               SELECT u.id,
                      COALESCE((SELECT array_agg(g.pbi_group_name ORDER BY g.pbi_group_name)
                                  FROM group_users gu JOIN groups g ON g.id = gu.group_id
                                 WHERE gu.user_id = u.id AND lower(g.pbi_group_name) = ANY($1::text[])), '{}') AS pbi_groups
                 FROM users u
             ),
             changed AS (
               SELECT u.id, u.pbi_groups AS before, c.pbi_groups AS after
                 FROM users u JOIN computed c ON c.id = u.id
                WHERE u.pbi_groups IS DISTINCT FROM c.pbi_groups
             ),
             applied AS (
               UPDATE users u SET pbi_groups = changed.after FROM changed WHERE changed.id = u.id RETURNING u.id
             )
             SELECT changed.id, changed.before, changed.after FROM changed JOIN applied ON applied.id = changed.id`,
              [onServer],
            );
            const total = (await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM users')).rows[0]!.count;
            const updated = rows.map((row) => row.id).sort((a, b) => a - b);
            let added = 0;
            let removed = 0;
            for (const { before, after } of rows) {
              const was = new Set(before ?? []);
              const is = new Set(after);
              added += [...is].filter((name) => !was.has(name)).length;
              removed += [...was].filter((name) => !is.has(name)).length;
            }
            const counts = { users: total, updated: updated.length, unchanged: total - updated.length, added, removed };
            await fastify.auditRepository.record(
              session,
              {
                action: 'pbi.refresh-users',
                itemType: 'user',
                details: { server: server.apiUrl, groups_on_server: onServer.length, ...counts, updated_user_ids: updated },
              },
              tx,
            );
            return { status: 'success' as const, ...counts };
          });
        }),
    };
    fastify.decorate('powerBiSync', sync);
  },
  { name: 'power-bi-sync', dependencies: ['database', 'audit-repository'] },
);
