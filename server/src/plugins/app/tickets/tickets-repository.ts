import fp from 'fastify-plugin';
import {
  TICKET_MESSAGES_SHOWN,
  type AdminTicketListQuery,
  type Ticket,
  type TicketCreateBody,
  type TicketDetails,
  type TicketDetailsQuery,
  type TicketMessage,
  type TicketList,
  type TicketListQuery,
  type TicketStatus,
} from '@hub/shared/api';
import { httpErrors } from '@fastify/sensible';
import type { Queryable } from '../../../db/db';
import { decodeCursor, encodeCursor, keysetAt } from '../../../lib/paging';
import type { Session } from '../../../lib/auth/session';
import { likePattern } from '../../../lib/content/sql';
import { iso } from '../../../lib/iso';
import { imageJsonSql, type ImageJson } from '../../../lib/images/image-json';
import { notifyTicket } from '../../../lib/notifications/notifications';
import { ticketVisibility } from '../../../lib/tickets/visibility';

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
  /**
   * A ticket and its conversation. With a session, only a ticket that session's list shows (the
   * entity in force; a plain user's own); without one (the administrators' console), any. Null otherwise.
   */
  details(id: number, session?: Session, query?: TicketDetailsQuery): Promise<TicketDetails | null>;
  /**
   * Adds a reply under the ticket, from the customer's side or from the staff, and answers the
   * details; null when the ticket does not exist (or, for the customer's side, is not theirs to see).
   * A staff reply is audited.
   */
  reply(id: number, message: string, session: Session, fromStaff: boolean): Promise<TicketDetails | null>;
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
  messages_count: number;
}

interface MessageRow {
  id: number;
  message: string;
  from_staff: boolean;
  author_id: number | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_email: string | null;
  created_at: Date | string;
}

const SELECT = `
  SELECT t.id, t.title, t.description, t.status, t.created_at, t.updated_at,
         (SELECT count(*)::int FROM ticket_messages m WHERE m.ticket_id = t.id) AS messages_count,
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
      messages_count: row.messages_count,
    });

    const toMessage = (row: MessageRow): TicketMessage => ({
      id: row.id,
      message: row.message,
      from_staff: row.from_staff,
      author:
        row.author_id === null
          ? null
          : { id: row.author_id, first_name: row.author_first_name!, last_name: row.author_last_name!, email: row.author_email! },
      created_at: iso(row.created_at),
    });

    async function visible(id: number, session: Session, queryable: Queryable = db): Promise<boolean> {
      const params: unknown[] = [id];
      const visibility = ticketVisibility('t', session, params);
      if (visibility === null) return false;
      const { rows } = await queryable.query(`SELECT 1 FROM tickets t WHERE t.id = $1 AND ${visibility}`, params);
      return rows.length > 0;
    }

    /**
     * The ticket and the latest `n` replies (or the `n` just before the `before` cursor), read
     * newest first from (ticket_id, created_at, id) and given oldest first.
     */
    async function details(id: number, queryable: Queryable = db, query: TicketDetailsQuery = {}): Promise<TicketDetails | null> {
      const key = query.before === undefined ? null : decodeCursor(query.before);
      if (query.before !== undefined && !key) throw httpErrors.badRequest('Invalid cursor');
      const ticket = await get(id, queryable);
      if (!ticket) return null;
      const n = query.n ?? TICKET_MESSAGES_SHOWN;
      const params: unknown[] = [id, n + 1];
      const before = key ? `AND (m.created_at, m.id) < ($3::timestamptz, $4)` : '';
      if (key) params.push(key.at, key.id);
      const { rows } = await queryable.query<MessageRow & { keyset_at: string }>(
        `SELECT m.id, m.message, m.from_staff, m.created_at, ${keysetAt('m.created_at')} AS keyset_at,
                a.id AS author_id, a.first_name AS author_first_name, a.last_name AS author_last_name, a.email AS author_email
           FROM ticket_messages m
           LEFT JOIN users a ON a.id = m.author_id
          WHERE m.ticket_id = $1 ${before}
          ORDER BY m.created_at DESC, m.id DESC
          LIMIT $2`,
        params,
      );
      const shown = rows.slice(0, n);
      const oldest = shown.at(-1);
      const page = (key?.page ?? 0) + 1;
      const older_cursor = rows.length > n && oldest ? encodeCursor({ at: oldest.keyset_at, id: oldest.id, page }) : null;
      return { ...ticket, messages: shown.reverse().map(toMessage), older_cursor };
    }

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
        const params: unknown[] = [];
        const visibility = ticketVisibility('t', session, params);
        if (visibility === null) return { items: [], total: 0, page: query.page ?? 1, page_size: query.page_size ?? 20 };
        return page([visibility], params, query);
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
        if (query.search?.trim()) {
          params.push(likePattern(query.search.trim()));
          where.push(`(t.title ILIKE $${params.length} OR t.description ILIKE $${params.length})`);
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
            await notifyTicket(tx, id, 'ticket.status', session.user.id);
          }
          return get(id, tx);
        });
      },

      async details(id, session, query) {
        if (session && !(await visible(id, session))) return null;
        return details(id, db, query);
      },

      async reply(id, message, session, fromStaff) {
        return db.transaction(async (tx) => {
          const { rows } = await tx.query('SELECT id FROM tickets WHERE id = $1 FOR UPDATE', [id]);
          if (!rows[0]) return null;
          if (!fromStaff && !(await visible(id, session, tx))) return null;
          const inserted = await tx.query<{ id: number }>(
            'INSERT INTO ticket_messages (ticket_id, author_id, from_staff, message) VALUES ($1, $2, $3, $4) RETURNING id',
            [id, session.user.id, fromStaff, message],
          );
          await tx.query('UPDATE tickets SET updated_at = now() WHERE id = $1', [id]);
          if (fromStaff) {
            await fastify.auditRepository.record(
              session,
              { action: 'ticket.reply', itemType: 'ticket', itemId: id, details: { message_id: inserted.rows[0]!.id } },
              tx,
            );
            await notifyTicket(tx, id, 'ticket.answered', session.user.id);
          }
          return details(id, tx);
        });
      },
    };
    fastify.decorate('ticketsRepository', repository);
  },
  { name: 'tickets-repository', dependencies: ['database', 'image-urls', 'audit-repository'] },
);
