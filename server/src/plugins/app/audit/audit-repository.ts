import fp from 'fastify-plugin';
import type { AuditFilters, AuditList, AuditQuery } from '@hub/shared/api';
import { foldedLike, likePattern, personSearchText } from '../../../lib/content/sql';
import { cappedCount, countCap, decodeCursor, encodeCursor, keysetAt } from '../../../lib/paging';
import type { AuditRecorder } from '../../../lib/audit/audit-event';

export interface AuditRepository extends AuditRecorder {
  list(query: AuditQuery): Promise<AuditList>;
  /** The distinct actions and item types of the log, sorted. */
  filters(): Promise<AuditFilters>;
}

/** The tables of the item types a console shows: a line links to its item while the row exists. */
const ITEM_TABLES: Record<string, string> = {
  advice: 'advices',
  dashboard: 'dashboards',
  'news-item': 'news_items',
  category: 'categories',
  entity: 'entities',
  group: 'groups',
  image: 'images',
  user: 'users',
  training: 'trainings',
  ticket: 'tickets',
};
const ITEM_EXISTS = `CASE a.item_type ${Object.entries(ITEM_TABLES)
  .map(([type, table]) => `WHEN '${type}' THEN EXISTS (SELECT 1 FROM ${table} x WHERE x.id = a.item_id)`)
  .join(' ')} ELSE false END`;

const personName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

declare module 'fastify' {
  interface FastifyInstance {
    auditRepository: AuditRepository;
  }
}

interface Row {
  id: string | number;
  actor_id: number | null;
  actor_email: string | null;
  actor_first: string | null;
  actor_last: string | null;
  display_as_user_id: number | null;
  display_as_email: string | null;
  display_as_first: string | null;
  display_as_last: string | null;
  item_exists: boolean;
  action: string;
  item_type: string | null;
  item_id: number | null;
  at: Date | string;
  details: Record<string, unknown> | null;
}

export default fp(
  async (fastify) => {
    const repository: AuditRepository = {
      async record(who, event, db = fastify.db) {
        await db.query(
          `INSERT INTO audit_log (actor_id, display_as_user_id, action, item_type, item_id, details)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            who.actor.id,
            who.displayAs ? who.user.id : null,
            event.action,
            event.itemType ?? null,
            event.itemId ?? null,
            event.details ? JSON.stringify(event.details) : null,
          ],
        );
      },

      async list(query) {
        const pageSize = query.page_size ?? 20;
        const key = query.cursor === undefined ? null : decodeCursor(query.cursor);
        if (query.cursor !== undefined && !key) throw fastify.httpErrors.badRequest('Invalid cursor');
        const page = key ? key.page + 1 : (query.page ?? 1);
        const where: string[] = [];
        const params: unknown[] = [];
        const add = (value: unknown) => {
          params.push(value);
          return `$${params.length}`;
        };
        if (query.item_type) where.push(`a.item_type = ${add(query.item_type)}`);
        if (query.actor_id) where.push(`a.actor_id = ${add(query.actor_id)}`);
        if (query.action) where.push(`a.action = ${add(query.action)}`);
        if (query.from) where.push(`a.at >= ${add(query.from)}::timestamptz`);
        if (query.to) where.push(`a.at < ${add(query.to)}::timestamptz`);
        if (query.person?.trim()) {
          // The people first, then their lines. A word many people hold (a company's domain) finds
          // thousands, most of whom never acted: walking the log for them read it whole. So only
          // the people the log names are searched, read by a skip along the actor and display-as
          // indexes (one step per person named, however long the log).
          const { rows: people } = await fastify.db.query<{ id: number }>(
            `WITH RECURSIVE actors AS (
               (SELECT actor_id AS id FROM audit_log WHERE actor_id IS NOT NULL ORDER BY actor_id LIMIT 1)
               UNION ALL
               SELECT (SELECT a.actor_id FROM audit_log a WHERE a.actor_id > actors.id ORDER BY a.actor_id LIMIT 1)
                 FROM actors WHERE actors.id IS NOT NULL
             ), shown AS (
               (SELECT display_as_user_id AS id FROM audit_log WHERE display_as_user_id IS NOT NULL ORDER BY display_as_user_id LIMIT 1)
               UNION ALL
               SELECT (SELECT a.display_as_user_id FROM audit_log a WHERE a.display_as_user_id > shown.id ORDER BY a.display_as_user_id LIMIT 1)
                 FROM shown WHERE shown.id IS NOT NULL
             )
             SELECT u.id FROM users u
              WHERE u.id IN (SELECT id FROM actors UNION SELECT id FROM shown) AND ${foldedLike(personSearchText('u'), '$1')}`,
            [likePattern(query.person.trim())],
          );
          if (people.length === 0) return { items: [], total: 0, total_capped: false, page, page_size: pageSize, next_cursor: null };
          const ids = add(people.map((person) => person.id));
          where.push(`(a.actor_id = ANY(${ids}::int[]) OR a.display_as_user_id = ANY(${ids}::int[]))`);
        }
        const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
        const count = await cappedCount(fastify.db, `FROM audit_log a ${filter}`, params, countCap(query.person));
        const keyset = key
          ? `${filter ? `${filter} AND` : 'WHERE'} (a.at, a.id) < (${add(key.at)}::timestamptz, ${add(key.id)}::bigint)`
          : filter;
        const { rows } = await fastify.db.query<Row & { sort_at: string }>(
          `SELECT a.id, a.actor_id, actor.email AS actor_email, actor.first_name AS actor_first, actor.last_name AS actor_last,
                  a.display_as_user_id, shown.email AS display_as_email, shown.first_name AS display_as_first,
                  shown.last_name AS display_as_last, a.action, a.item_type, a.item_id, a.at, a.details,
                  (a.item_id IS NOT NULL AND ${ITEM_EXISTS}) AS item_exists, ${keysetAt('a.at')} AS sort_at
             FROM (SELECT * FROM audit_log a ${keyset} ORDER BY a.at DESC, a.id DESC LIMIT ${pageSize + 1} OFFSET ${key ? 0 : (page - 1) * pageSize}) a
             LEFT JOIN users actor ON actor.id = a.actor_id
             LEFT JOIN users shown ON shown.id = a.display_as_user_id
            ORDER BY a.at DESC, a.id DESC`,
          params,
        );
        const more = rows.length > pageSize;
        rows.splice(pageSize);
        const last = rows.at(-1);
        return {
          items: rows.map((row) => ({
            id: Number(row.id),
            actor:
              row.actor_id === null
                ? null
                : { id: row.actor_id, email: row.actor_email!, name: personName(row.actor_first, row.actor_last) },
            display_as_user:
              row.display_as_user_id === null
                ? null
                : { id: row.display_as_user_id, email: row.display_as_email!, name: personName(row.display_as_first, row.display_as_last) },
            action: row.action,
            item_type: row.item_type,
            item_id: row.item_id,
            item_exists: row.item_exists === true,
            at: new Date(row.at).toISOString(),
            details: row.details,
          })),
          total: count.total,
          total_capped: count.capped,
          page,
          page_size: pageSize,
          next_cursor: more && last ? encodeCursor({ at: last.sort_at, id: Number(last.id), page }) : null,
        };
      },

      async filters() {
        const actions = await fastify.db.query<{ action: string }>('SELECT DISTINCT action FROM audit_log');
        const types = await fastify.db.query<{ item_type: string }>('SELECT DISTINCT item_type FROM audit_log WHERE item_type IS NOT NULL');
        // Sorted here: PGlite and a PostgreSQL server may collate differently.
        return {
          actions: actions.rows.map((row) => row.action).sort(),
          item_types: types.rows.map((row) => row.item_type).sort(),
        };
      },
    };
    fastify.decorate('auditRepository', repository);
  },
  { name: 'audit-repository', dependencies: ['database'] },
);
