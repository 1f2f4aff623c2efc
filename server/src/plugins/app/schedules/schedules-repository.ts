import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import { PUBLICATION, type Schedule, type SchedulableKind, type ScheduleList, type ScheduleListQuery } from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { adminEntityCondition, mayManageEntity } from '../../../lib/content/scope';
import { fieldError } from '../../../lib/http/field-errors';
import { syncContentNotifications, type ContentSubject } from '../../../lib/notifications/notifications';
import { iso } from '../../../lib/iso';

/** Where each kind lives; advices and dashboards are per entity, news items are not. */
const KINDS: Record<SchedulableKind, { table: string; itemType: ContentSubject; perEntity: boolean; notFound: string }> = {
  advices: { table: 'advices', itemType: 'advice', perEntity: true, notFound: 'Advice not found' },
  dashboards: { table: 'dashboards', itemType: 'dashboard', perEntity: true, notFound: 'Dashboard not found' },
  'news-items': { table: 'news_items', itemType: 'news-item', perEntity: false, notFound: 'News item not found' },
};

export interface SchedulesRepository {
  list(query: ScheduleListQuery, session: Session): Promise<ScheduleList>;
  /** Sets the publication date of a draft the caller manages (404 otherwise, 409 when published, 400 when past). */
  set(kind: SchedulableKind, id: number, publishAt: Date, session: Session): Promise<Schedule>;
  clear(kind: SchedulableKind, id: number, session: Session): Promise<void>;
  /**
   * Publishes every due draft, each kind in one statement that also writes its audit line: a row
   * is published by exactly one caller even when several server processes run this at once (the
   * UPDATE re-checks `status = 0` after waiting for a concurrent one's row lock). Answers what it published.
   */
  publishDue(now?: Date): Promise<{ kind: SchedulableKind; id: number }[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    schedulesRepository: SchedulesRepository;
  }
}

interface ScheduledRow {
  id: number;
  title: string;
  publish_at: Date | string;
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    async function lock(tx: Queryable, kind: SchedulableKind, id: number, session: Session) {
      const { table, perEntity, notFound } = KINDS[kind];
      const { rows } = await tx.query<{ id: number; title: string; status: number; entity_id: number | null }>(
        `SELECT id, title, status, ${perEntity ? 'entity_id' : 'NULL::int AS entity_id'} FROM ${table} WHERE id = $1 FOR UPDATE`,
        [id],
      );
      const item = rows[0];
      if (!item || (perEntity && !mayManageEntity(session, item.entity_id))) throw httpErrors.notFound(notFound);
      return item;
    }

    const repository: SchedulesRepository = {
      async list(query, session) {
        const items: Schedule[] = [];
        for (const kind of Object.keys(KINDS) as SchedulableKind[]) {
          if (query.kind && query.kind !== kind) continue;
          const { table, perEntity } = KINDS[kind];
          const params: unknown[] = [];
          const scope = perEntity ? adminEntityCondition(session, 'entity_id', params) : 'TRUE';
          const { rows } = await db.query<ScheduledRow>(
            `SELECT id, title, publish_at FROM ${table} WHERE publish_at IS NOT NULL AND status = ${PUBLICATION.draft} AND ${scope} ORDER BY publish_at, id`,
            params,
          );
          items.push(...rows.map((row) => ({ kind, id: row.id, title: row.title, publish_at: iso(row.publish_at) })));
        }
        return { items };
      },

      async set(kind, id, publishAt, session) {
        if (publishAt.getTime() <= Date.now()) throw fieldError(400, 'publish_at', 'The publication date must be in the future');
        const { table, itemType } = KINDS[kind];
        return db.transaction(async (tx) => {
          const item = await lock(tx, kind, id, session);
          if (item.status !== PUBLICATION.draft) throw httpErrors.conflict('Only items in draft can be scheduled');
          await tx.query(`UPDATE ${table} SET publish_at = $1 WHERE id = $2`, [publishAt.toISOString(), id]);
          await fastify.auditRepository.record(
            session,
            { action: `${itemType}.schedule`, itemType, itemId: id, details: { publish_at: publishAt.toISOString() } },
            tx,
          );
          return { kind, id, title: item.title, publish_at: publishAt.toISOString() };
        });
      },

      async clear(kind, id, session) {
        const { table, itemType } = KINDS[kind];
        await db.transaction(async (tx) => {
          await lock(tx, kind, id, session);
          await tx.query(`UPDATE ${table} SET publish_at = NULL WHERE id = $1`, [id]);
          await fastify.auditRepository.record(session, { action: `${itemType}.unschedule`, itemType, itemId: id }, tx);
        });
      },

      async publishDue(now = new Date()) {
        const published: { kind: SchedulableKind; id: number }[] = [];
        for (const kind of Object.keys(KINDS) as SchedulableKind[]) {
          const { table, itemType } = KINDS[kind];
          // One statement: the publication and its audit line (no actor: the scheduler) commit together.
          const rows = await db.transaction(async (tx) => {
            const { rows: due } = await tx.query<{ item_id: number }>(
              `WITH due AS (
               UPDATE ${table} SET status = ${PUBLICATION.published}, publish_at = NULL, updated_at = now()
               WHERE status = ${PUBLICATION.draft} AND publish_at <= $1
               RETURNING id, title
             )
             INSERT INTO audit_log (actor_id, action, item_type, item_id, details)
             SELECT NULL, '${itemType}.publish', '${itemType}', id, jsonb_build_object('title', title, 'scheduled', true) FROM due
             RETURNING item_id`,
              [now.toISOString()],
            );
            // Those who now see them are told, in the same transaction.
            await syncContentNotifications(
              tx,
              itemType,
              due.map((row) => row.item_id),
              null,
            );
            return due;
          });
          published.push(...rows.map((row) => ({ kind, id: row.item_id })));
        }
        return published;
      },
    };
    fastify.decorate('schedulesRepository', repository);
  },
  { name: 'schedules-repository', dependencies: ['database', 'audit-repository'] },
);
