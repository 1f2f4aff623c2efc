import fp from 'fastify-plugin';
import type { Group, PbiRefreshGroupsResponse, PbiRefreshUsersResponse } from '@hub/shared/api';
import { groupPrincipals, type ReportServerClient } from '../../external/power-bi/report-server-client';
import type { Session } from '../auth/session';

export interface PowerBiSync {
  /**
   * PUT /api/admin/pbi/refresh-groups: every group named in the report server's security policies
   * gets a hub group. Matched by report-server name (without case); else a hub group of the same
   * name without a report-server name takes it; else a new group. Nothing is deleted. Audited.
   */
  refreshGroups(server: ReportServerClient, session: Session): Promise<PbiRefreshGroupsResponse>;
  /**
   * PUT /api/admin/pbi/refresh-users: every user's `pbi_groups` becomes the report-server names of
   * their hub groups that the server still names in its policies. The report server's REST API
   * does not publish who belongs to a directory group, so membership is the hub's (group admin,
   * user admin); the server says which groups exist. Creates no user. Audited.
   */
  refreshUsers(server: ReportServerClient, session: Session): Promise<PbiRefreshUsersResponse>;
}

declare module 'fastify' {
  interface FastifyInstance {
    powerBiSync: PowerBiSync;
  }
}

/** The hub's name for a report-server group: `DOMAIN\Sales` is shown as `Sales`. */
const displayName = (principal: string) => principal.slice(principal.lastIndexOf('\\') + 1).trim() || principal;

export default fp(
  async (fastify) => {
    const { db } = fastify;
    const sync: PowerBiSync = {
      async refreshGroups(server, session) {
        // Read the server first: no transaction stays open while it answers.
        const principals = groupPrincipals(await server.catalogPolicies());
        return db.transaction(async (tx) => {
          let created = 0;
          let updated = 0;
          const groups: Group[] = [];
          for (const principal of [...principals.values()].sort((a, b) => a.localeCompare(b))) {
            const known = await tx.query<Group>('SELECT id, name, pbi_group_name FROM groups WHERE lower(pbi_group_name) = lower($1)', [
              principal,
            ]);
            if (known.rows[0]) {
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
          await fastify.auditRepository.record(
            session,
            {
              action: 'pbi.refresh-groups',
              itemType: 'group',
              details: { server: server.apiUrl, found: principals.size, created, updated },
            },
            tx,
          );
          return { status: 'success' as const, found: principals.size, created, updated, groups };
        });
      },

      async refreshUsers(server, session) {
        const onServer = [...groupPrincipals(await server.catalogPolicies()).keys()];
        return db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `WITH computed AS (
               SELECT u.id,
                      COALESCE((SELECT array_agg(g.pbi_group_name ORDER BY g.pbi_group_name)
                                  FROM group_users gu JOIN groups g ON g.id = gu.group_id
                                 WHERE gu.user_id = u.id AND lower(g.pbi_group_name) = ANY($1::text[])), '{}') AS pbi_groups
                 FROM users u
             )
             UPDATE users u SET pbi_groups = c.pbi_groups
               FROM computed c
              WHERE c.id = u.id AND u.pbi_groups IS DISTINCT FROM c.pbi_groups
             RETURNING u.id`,
            [onServer],
          );
          const total = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
          const updated = rows.map((row) => row.id).sort((a, b) => a - b);
          await fastify.auditRepository.record(
            session,
            {
              action: 'pbi.refresh-users',
              itemType: 'user',
              details: { server: server.apiUrl, groups_on_server: onServer.length, updated_user_ids: updated },
            },
            tx,
          );
          return { status: 'success' as const, users: total.rows[0]!.count, updated: updated.length };
        });
      },
    };
    fastify.decorate('powerBiSync', sync);
  },
  { name: 'power-bi-sync', dependencies: ['database', 'audit-repository'] },
);
