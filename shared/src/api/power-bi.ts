import { Type, type Static } from 'typebox';
import { GroupSchema } from './groups';

/**
 * PUT /api/admin/pbi/refresh-groups (administrators): reads the security policies of the report
 * server's catalog items and upserts a group for every group they name. `found` groups on the
 * server, of which `created` are new in the hub, `updated` got their report-server name set and
 * `unchanged` were already linked. The sync deletes no group: `not_on_server` counts the hub groups
 * whose report-server name the server no longer names (kept, for an administrator to decide).
 */
export const PbiRefreshGroupsResponseSchema = Type.Object({
  status: Type.Literal('success'),
  found: Type.Integer({ minimum: 0 }),
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  not_on_server: Type.Integer({ minimum: 0 }),
  groups: Type.Array(GroupSchema),
});
export type PbiRefreshGroupsResponse = Static<typeof PbiRefreshGroupsResponseSchema>;

/**
 * PUT /api/admin/pbi/refresh-users (administrators): sets every user's `pbi_groups` to the report
 * server names of their groups that the server still knows. Creates no user. Of the `users`,
 * `updated` changed and `unchanged` did not; `added` and `removed` count the report-server groups
 * given to or taken from them (one per user and group).
 */
export const PbiRefreshUsersResponseSchema = Type.Object({
  status: Type.Literal('success'),
  users: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  added: Type.Integer({ minimum: 0 }),
  removed: Type.Integer({ minimum: 0 }),
});
export type PbiRefreshUsersResponse = Static<typeof PbiRefreshUsersResponseSchema>;

export const PBI_MESSAGES = {
  /** 503 when PBIRS_URL is not set (and no development stand-in runs). */
  notConfigured: 'Power BI Report Server is not configured',
  /** 502 when the report server cannot be reached or answers with an error. */
  unreachable: 'Power BI Report Server did not answer as expected',
  /** 409 while another sync (either one, from any server process) runs. */
  alreadyRunning: 'A Power BI sync is already running: try again when it is done',
} as const;
