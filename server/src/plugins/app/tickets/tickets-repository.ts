import fp from 'fastify-plugin';
import {
  isContributor,
  type AdminTicketListQuery,
  type Ticket,
  type TicketCreateBody,
  type TicketList,
  type TicketListQuery,
  type TicketStatus,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../auth/session';
import { iso } from '../content/sql';
import { imageJsonSql, type ImageJson } from '../images/image-urls';

export interface TicketsRepository {
  /**
   * GET /api/tickets: the tickets of the entity in force (the displayed user's own, or the
   * X-Entity-ID honoured for a contributor), newest first: all of them for a contributor or more,
   * the caller's own for a plain user. Empty without an entity.
   */
  list(query: TicketListQuery, session: Session): Promise<TicketList>;
  /** Opens a ticket for the entity in force; the caller has checked there is one. */
  create(body: TicketCreateBody, session: Session, entityId: number): Promise<Ticket>;
  /** GET /api/admin/tickets: every entity's, or one entity's. */
  adminList(query: AdminTicketListQuery): Promise<TicketList>;
  /** Null when there is no such ticket. Audited. */
  setStatus(id: number, status: TicketStatus, session: Session): Promise<Ticket | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ticketsRepository: TicketsRepository;
  }
}

interface TicketRow {
  id: number;
  title: string;
  description: string | null;
  status: TicketStatus;
  entity_id: number | null;
  entity_name: string | null;
  entity_logo: ImageJson | null;
  author_id: number | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_email: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = `
  SELECT t.id, t.title, t.description, t.status, t.created_at, t.updated_at,
         e.id AS entity_id, e.name AS entity_name, ${imageJsonSql('l')} AS entity_logo,
         a.id AS author_id, a.first_name AS author_first_name, a.last_name AS author_last_name, a.email AS author_email
    FROM tickets t
    LEFT JOIN entities e ON e.id = t.entity_id
    LEFT JOIN images l ON l.id = e.logo_image_id
    LEFT JOIN users a ON a.id = t.author_id`;

export default fp(
  async (fastify) => {
    const { db, imageUrls } = fastify;

    const toTicket = (row: TicketRow): Ticket => ({
      id: row.id,
      title: row.title,
      description: row.description ?? '',
      status: row.status,
      entity: row.entity_id === null ? null : { id: row.entity_id, name: row.entity_name!, logo: imageUrls.toImage(row.entity_logo) },
      author:
        row.author_id === null
          ? null
          : { id: row.author_id, first_name: row.author_first_name!, last_name: row.author_last_name!, email: row.author_email! },
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    });

    async function page(where: string[], params: unknown[], query: TicketListQuery): Promise<TicketList> {
      const pageNumber = query.page ?? 1;
      const pageSize = query.page_size ?? 20;
      if (query.status) {
        params.push(query.status);
        where.push(`t.status = $${params.length}`);
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM tickets t ${filter}`, params);
      const { rows } = await db.query<TicketRow>(
        `${SELECT} ${filter} ORDER BY t.created_at DESC, t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (pageNumber - 1) * pageSize],
      );
      return { items: rows.map(toTicket), total: total.rows[0]!.count, page: pageNumber, page_size: pageSize };
    }

    async function get(id: number, queryable: Queryable = db): Promise<Ticket | null> {
      const { rows } = await queryable.query<TicketRow>(`${SELECT} WHERE t.id = $1`, [id]);
      return rows[0] ? toTicket(rows[0]) : null;
    }

    const repository: TicketsRepository = {
      async list(query, session) {
        if (session.entityId === null) return { items: [], total: 0, page: query.page ?? 1, page_size: query.page_size ?? 20 };
        const params: unknown[] = [session.entityId];
        const where = ['t.entity_id = $1'];
        if (!isContributor(session.rights)) {
          params.push(session.user.id);
          where.push(`t.author_id = $${params.length}`);
        }
        return page(where, params, query);
      },

      async create(body, session, entityId) {
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO tickets (entity_id, author_id, title, description, status) VALUES ($1, $2, $3, $4, 'open') RETURNING id`,
          [entityId, session.user.id, body.title.trim(), body.description],
        );
        return (await get(rows[0]!.id))!;
      },

      async adminList(query) {
        const params: unknown[] = [];
        const where: string[] = [];
        if (query.entity_id) {
          params.push(query.entity_id);
          where.push(`t.entity_id = $${params.length}`);
        }
        return page(where, params, query);
      },

      async setStatus(id, status, session) {
        return db.transaction(async (tx) => {
          const { rows } = await tx.query<{ status: TicketStatus }>('SELECT status FROM tickets WHERE id = $1 FOR UPDATE', [id]);
          if (!rows[0]) return null;
          if (rows[0].status !== status) {
            await tx.query('UPDATE tickets SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
            await fastify.auditRepository.record(
              session,
              { action: 'ticket.status', itemType: 'ticket', itemId: id, details: { from: rows[0].status, to: status } },
              tx,
            );
          }
          return get(id, tx);
        });
      },
    };
    fastify.decorate('ticketsRepository', repository);
  },
  { name: 'tickets-repository', dependencies: ['database', 'image-urls', 'audit-repository'] },
);
