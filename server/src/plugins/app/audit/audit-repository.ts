import fp from 'fastify-plugin';
import type { AuditList, AuditQuery } from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../auth/session';

export interface AuditEvent {
  /** What was done, as `<item type>.<verb>`: 'advice.create', 'advice.publish', 'display-as.start'. */
  action: string;
  itemType?: string | null;
  itemId?: number | null;
  details?: Record<string, unknown> | null;
}

export interface AuditRepository {
  /**
   * Writes who (the signed-in actor), as whom (the displayed user during display-as), what,
   * which item and when. Pass the transaction's db so the line is written with the change or not at all.
   */
  record(session: Session, event: AuditEvent, db?: Queryable): Promise<void>;
  list(query: AuditQuery): Promise<AuditList>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auditRepository: AuditRepository;
  }
}

interface Row {
  id: string | number;
  actor_id: number | null;
  actor_email: string | null;
  display_as_user_id: number | null;
  display_as_email: string | null;
  action: string;
  item_type: string | null;
  item_id: number | null;
  at: Date | string;
  details: Record<string, unknown> | null;
}

export default fp(
  async (fastify) => {
    const repository: AuditRepository = {
      async record(session, event, db = fastify.db) {
        await db.query(
          `INSERT INTO audit_log (actor_id, display_as_user_id, action, item_type, item_id, details)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            session.actor.id,
            session.displayAs ? session.user.id : null,
            event.action,
            event.itemType ?? null,
            event.itemId ?? null,
            event.details ? JSON.stringify(event.details) : null,
          ],
        );
      },

      async list(query) {
        const page = query.page ?? 1;
        const pageSize = query.page_size ?? 20;
        const where: string[] = [];
        const params: unknown[] = [];
        if (query.item_type) {
          params.push(query.item_type);
          where.push(`a.item_type = $${params.length}`);
        }
        if (query.actor_id) {
          params.push(query.actor_id);
          where.push(`a.actor_id = $${params.length}`);
        }
        const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
        const total = await fastify.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log a ${filter}`, params);
        const { rows } = await fastify.db.query<Row>(
          `SELECT a.id, a.actor_id, actor.email AS actor_email, a.display_as_user_id, shown.email AS display_as_email,
                  a.action, a.item_type, a.item_id, a.at, a.details
             FROM audit_log a
             LEFT JOIN users actor ON actor.id = a.actor_id
             LEFT JOIN users shown ON shown.id = a.display_as_user_id
             ${filter}
            ORDER BY a.at DESC, a.id DESC
            LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
          params,
        );
        return {
          items: rows.map((row) => ({
            id: Number(row.id),
            actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email! },
            display_as_user: row.display_as_user_id === null ? null : { id: row.display_as_user_id, email: row.display_as_email! },
            action: row.action,
            item_type: row.item_type,
            item_id: row.item_id,
            at: new Date(row.at).toISOString(),
            details: row.details,
          })),
          total: total.rows[0]!.count,
          page,
          page_size: pageSize,
        };
      },
    };
    fastify.decorate('auditRepository', repository);
  },
  { name: 'audit-repository', dependencies: ['database'] },
);
