import fp from 'fastify-plugin';
import {
  DISCUSSION_MESSAGES,
  isAdministrator,
  isContributor,
  MESSAGE_MAX_LENGTH,
  type CountersEvent,
  type Discussion,
  type DiscussionEventType,
  type DiscussionList,
  type DiscussionListQuery,
  type DiscussionPerson,
  type DiscussionThread,
  type Message,
  type MessageCreateBody,
  type MessageCreated,
  type PendingList,
  type PendingQuery,
  THREAD_PAGE_SIZE,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { appendLiveEvent, notifyUnrecorded } from '../../../lib/live-streams';
import { notifyDiscussionMessage } from '../../../lib/notifications/notifications';
import { cappedCount, decodeCursor, encodeCursor, keysetAt, type Keyset } from '../../../lib/paging';
import { iso } from '../../../lib/iso';
import { DISCUSSION_PARTIES, ownDiscussion } from '../../../lib/discussions/visibility';
import { answeringFor, standingInForNow } from '../../../lib/discussions/stand-in';
import { replyBy } from '../../../lib/business-hours/business-hours';

/** The channel every server process LISTENs on (discussion-hub.ts); NOTIFY is sent in the writing transaction. */
export const DISCUSSIONS_CHANNEL = 'hub_discussions';

/** A discussion event: ids only, and the parties told (live-streams.ts carries it through NOTIFY and keeps it for replay). */
export interface DiscussionNotification {
  type: DiscussionEventType;
  discussion_id: number;
  message_id: number | null;
  /** The parties (customer, consultant) or, for 'counters', the one user whose counters changed. */
  users: number[];
}

export type DiscussionScope = 'open' | 'all';

export interface DiscussionsRepository {
  /** The displayed user's own discussions (as customer or consultant), one page (400 on a cursor it did not write). */
  listOwn(session: Session, scope: DiscussionScope, query?: DiscussionListQuery): Promise<DiscussionList>;
  /** Admin lists: an administrator every discussion, a contributor those of the entity in force's customers. */
  listAdmin(session: Session, scope: DiscussionScope, query?: DiscussionListQuery): Promise<DiscussionList>;
  /** Whether the admin lists hold this discussion for the session. */
  adminCanSee(session: Session, id: number): Promise<boolean>;
  pending(session: Session, query?: PendingQuery): Promise<PendingList>;
  /**
   * A discussion and one page of its thread (the latest messages, or those just before `before`),
   * for a party or an administrator (else null: 404). When the recipient themselves (not an
   * administrator displaying them) reads it, its messages become read.
   */
  thread(
    session: Session,
    id: number,
    options?: {
      markRead?: boolean;
      /** The admin route has checked the scope itself. */
      admin?: boolean;
      pageSize?: number;
      before?: string;
    },
  ): Promise<DiscussionThread | null>;
  post(session: Session, body: MessageCreateBody): Promise<MessageCreated>;
  replace(session: Session, id: number, text: string): Promise<Message>;
  remove(session: Session, id: number): Promise<void>;
  counters(userId: number): Promise<CountersEvent>;
  /** One message by id, no rights check: for the events hub, which sends it only to the parties. */
  message(id: number): Promise<Message | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    discussionsRepository: DiscussionsRepository;
  }
}

const person = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'email', ${alias}.email) END`;

/** The caller's ($1) unread messages counted by discussion, from the recipient's unread index: a CTE named `waiting`. */
const WAITING_FOR_ME = `waiting AS (
  SELECT p.discussion_id, count(*)::int AS n FROM messages p WHERE p.to_user_id = $1 AND p.status = 'open' GROUP BY p.discussion_id
)`;

/** One entry of the pending list as read: the person (JSON), their open discussion with the caller, the messages waiting. */
interface PendingRow {
  user: DiscussionPerson | string;
  discussion_id: number | null;
  pending_count: number;
}

/**
 * From this many contacts on, the pending list walks the people's name index instead of sorting
 * them all (pendingByWalk): a consultant's book of thousands of clients. Below, one sort of a few
 * people costs less than the walk's steps.
 */
export const PENDING_WALK_FROM = 200;

/**
 * The pending list in one statement: every contact (a consultant's clients, a customer's
 * consultants), each with the open discussion and the waiting messages read from their own
 * indexes, sorted (most waiting first, then by name) and paged. Its cost grows with the caller's
 * contacts: for a few, the fastest.
 */
export async function pendingSorted(db: Queryable, me: number, pageSize: number, offset: number): Promise<PendingRow[]> {
  const { rows } = await db.query<PendingRow>(
    `WITH ${WAITING_FOR_ME},
     contacts AS (
       SELECT uc.user_id AS other_id, d.id AS discussion_id
         FROM user_contacts uc
         LEFT JOIN (SELECT id, customer_id FROM discussions WHERE consultant_id = $1 AND status = 'open') d ON d.customer_id = uc.user_id
        WHERE uc.consultant_id = $1
       UNION ALL
       SELECT uc.consultant_id, d.id
         FROM user_contacts uc
         LEFT JOIN (SELECT id, consultant_id FROM discussions WHERE customer_id = $1 AND status = 'open') d ON d.consultant_id = uc.consultant_id
        WHERE uc.user_id = $1 AND uc.consultant_id <> $1
     )
     SELECT ${person('o')} AS "user", c.discussion_id, coalesce(w.n, 0) AS pending_count
       FROM contacts c
       JOIN users o ON o.id = c.other_id
       LEFT JOIN waiting w ON w.discussion_id = c.discussion_id
      ORDER BY pending_count DESC, o.last_name, o.first_name, o.id
      LIMIT $2 OFFSET $3`,
    [me, pageSize, offset],
  );
  return rows;
}

/**
 * The contacts with messages waiting for the caller, in the list's order (most waiting first, then
 * by name), read from the kept sort key (discussion_waiting, migration 0085) along its index; each
 * row checked as the one-statement sort checks it: the discussion open, the other party in the
 * caller's book (a consultant's client, or a customer's consultant). The check is one EXISTS per
 * row, so that the planner walks the index and stops at the page's end: written as a join with an
 * OR of both sides, it estimated one row, then read and sorted all of them
 * (docs/journal/2026-11-27-pending-sort-key-kept.md).
 */
const WAITING_CHECKED = `w.recipient_id = $1
   AND EXISTS (SELECT 1 FROM discussions d
                WHERE d.id = w.discussion_id AND d.status = 'open'
                  AND CASE WHEN d.consultant_id = $1 AND d.customer_id = w.other_id
                           THEN EXISTS (SELECT 1 FROM user_contacts uc WHERE uc.consultant_id = $1 AND uc.user_id = w.other_id)
                           WHEN d.customer_id = $1 AND d.consultant_id = w.other_id AND w.other_id <> $1
                           THEN EXISTS (SELECT 1 FROM user_contacts uc WHERE uc.user_id = $1 AND uc.consultant_id = w.other_id)
                           ELSE false END)`;

/**
 * The same list for a caller with many contacts, in the same order, without reading them all:
 * first the contacts with waiting messages, a page read along the kept sort key's index, then the
 * others along the people's name index (users_name_idx), each checked against the caller's
 * contacts, from where the page starts. Page one reads its own rows whatever the book's size; only
 * a page past the waiting contacts reads all of their ids, to leave them out of the walk.
 */
export async function pendingByWalk(db: Queryable, me: number, pageSize: number, offset: number): Promise<PendingRow[]> {
  const { rows } = await db.query<PendingRow>(
    `SELECT ${person('o')} AS "user", w.discussion_id, w.n AS pending_count
       FROM discussion_waiting w
       JOIN users o ON o.id = w.other_id
      WHERE ${WAITING_CHECKED}
      ORDER BY w.n DESC, w.last_name, w.first_name, w.other_id
      LIMIT $2 OFFSET $3`,
    [me, pageSize, offset],
    { prepare: true },
  );
  const wanted = pageSize - rows.length;
  if (wanted === 0) return rows;
  const { rows: waiting } = await db.query<{ other_id: number }>(
    `SELECT w.other_id FROM discussion_waiting w WHERE ${WAITING_CHECKED}`,
    [me],
    { prepare: true },
  );
  // The values are in the statement's parameters and it is planned for them: a small limit makes
  // the walk along the name index the cheapest plan.
  const { rows: others } = await db.query<PendingRow>(
    `SELECT ${person('o')} AS "user", od.id AS discussion_id, 0 AS pending_count
       FROM (SELECT o.id FROM users o
              WHERE (EXISTS (SELECT 1 FROM user_contacts uc WHERE uc.consultant_id = $1 AND uc.user_id = o.id)
                     OR (o.id <> $1 AND EXISTS (SELECT 1 FROM user_contacts uc WHERE uc.user_id = $1 AND uc.consultant_id = o.id)))
                AND o.id <> ALL ($2::int[])
              ORDER BY o.last_name, o.first_name, o.id
              LIMIT $3 OFFSET $4) page
       JOIN users o ON o.id = page.id
       LEFT JOIN discussions od ON od.status = 'open'
            AND ((od.consultant_id = $1 AND od.customer_id = o.id) OR (od.customer_id = $1 AND od.consultant_id = o.id))
      ORDER BY o.last_name, o.first_name, o.id`,
    [me, waiting.map((entry) => entry.other_id), wanted, Math.max(0, offset - waiting.length)],
  );
  return [...rows, ...others];
}

const MESSAGE_SELECT = `SELECT m.id, m.discussion_id, ${person('fu')} AS from_user, ${person('tu')} AS to_user, m.parent_message_id,
       m.message, m.status, m.is_edited, m.created_at, m.modified_at
  FROM messages m
  LEFT JOIN users fu ON fu.id = m.from_user_id
  LEFT JOIN users tu ON tu.id = m.to_user_id`;

interface MessageRow {
  id: number;
  discussion_id: number;
  from_user: DiscussionPerson | null;
  to_user: DiscussionPerson | null;
  parent_message_id: number | null;
  message: string;
  status: string;
  is_edited: boolean;
  created_at: Date | string;
  modified_at: Date | string | null;
}

interface PromiseRow {
  reply_by: Date | string | null;
  reply_target: number | null;
  company_target: number;
  last_from_customer: boolean | null;
  away_until: string | null;
  stand_in: { id: number; first_name: string; last_name: string } | string | null;
}

/** The promise of an open discussion, as read with it (null once closed). */
function toPromise(status: string, row: PromiseRow): Discussion['promise'] {
  if (status !== 'open') return null;
  return {
    reply_by: row.reply_by === null ? null : iso(row.reply_by),
    target_hours: Number(row.reply_by === null ? row.company_target : (row.reply_target ?? row.company_target)),
    waiting_on: row.reply_by !== null || row.last_from_customer === true ? 'staff' : 'customer',
    away_until: row.away_until,
    stand_in: parseJson(row.stand_in),
  };
}

interface DiscussionRow extends PromiseRow {
  id: number;
  customer: DiscussionPerson | null;
  consultant: DiscussionPerson | null;
  status: 'open' | 'closed';
  created_at: Date | string;
  closed_at: Date | string | null;
  last_message_id: number | null;
  pending_count: number;
}

const parseJson = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    discussion_id: row.discussion_id,
    from_user: parseJson(row.from_user),
    to_user: parseJson(row.to_user),
    parent_message_id: row.parent_message_id,
    message: row.message,
    status: row.status,
    is_edited: row.is_edited,
    created_at: iso(row.created_at),
    modified_at: row.modified_at === null ? null : iso(row.modified_at),
  };
}

/** Checks the text the way docs/product.md §5 words it; the text itself is kept verbatim (never rendered as HTML). */
export function checkMessageText(text: string): string | null {
  if (text.trim() === '') return DISCUSSION_MESSAGES.blank;
  if (text.length > MESSAGE_MAX_LENGTH) return DISCUSSION_MESSAGES.tooLong;
  return null;
}

export default fp(
  async (fastify) => {
    const { db, httpErrors } = fastify;

    /** Tells every process (live-streams.ts); events other than counters are kept for replay: call it last in the transaction. */
    async function notify(tx: Queryable, { users, ...payload }: DiscussionNotification) {
      if (payload.type === 'counters') await notifyUnrecorded(tx, DISCUSSIONS_CHANNEL, users, payload);
      else await appendLiveEvent(tx, DISCUSSIONS_CHANNEL, users, payload);
    }

    async function messagesByIds(ids: number[], q: Queryable = db): Promise<Map<number, Message>> {
      if (ids.length === 0) return new Map();
      const { rows } = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = ANY($1::int[])`, [ids]);
      return new Map(rows.map((row) => [row.id, toMessage(row)]));
    }

    /**
     * The discussions whose ids `page` (a query of `id` and `last_activity_at`, parameters from $2;
     * $1 is the viewer for pending counts) selects, newest activity first, each with its sort key.
     */
    async function discussions(
      viewerId: number,
      page: string,
      params: unknown[],
      q: Queryable = db,
    ): Promise<Array<Discussion & { sort_at: string }>> {
      const { rows } = await q.query<DiscussionRow & { sort_at: string }>(
        `WITH page AS (${page})
         SELECT d.id, ${person('cu')} AS customer, ${person('co')} AS consultant, d.status, d.created_at, d.closed_at,
                lm.id AS last_message_id, ${keysetAt('d.last_activity_at')} AS sort_at,
                d.reply_by, d.reply_target_hours::float8 AS reply_target,
                coalesce(ce.reply_target_hours, 4)::float8 AS company_target, lm.from_user_id = d.customer_id AS last_from_customer,
                to_char(aw.to_day, 'YYYY-MM-DD') AS away_until,
                CASE WHEN si.id IS NULL THEN NULL ELSE json_build_object('id', si.id, 'first_name', si.first_name, 'last_name', si.last_name) END AS stand_in,
                (SELECT count(*)::int FROM messages p WHERE p.to_user_id = $1 AND p.discussion_id = d.id AND p.status = 'open') AS pending_count
           FROM page
           JOIN discussions d ON d.id = page.id
           LEFT JOIN users cu ON cu.id = d.customer_id
           LEFT JOIN users co ON co.id = d.consultant_id
           LEFT JOIN LATERAL (SELECT m.id, m.from_user_id FROM messages m WHERE m.discussion_id = d.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) lm ON true
           LEFT JOIN entities ce ON ce.id = cu.entity_id
           LEFT JOIN LATERAL (SELECT a.to_day, a.stand_in_id FROM staff_away a
                               WHERE a.user_id = d.consultant_id AND a.starts_at <= now() AND a.ends_at > now()
                               ORDER BY a.starts_at DESC LIMIT 1) aw ON true
           LEFT JOIN users si ON si.id = aw.stand_in_id
          ORDER BY d.last_activity_at DESC, d.id DESC`,
        [viewerId, ...params],
      );
      const last = await messagesByIds(
        rows.flatMap((row) => (row.last_message_id === null ? [] : [row.last_message_id])),
        q,
      );
      return rows.map((row) => ({
        id: row.id,
        customer: parseJson(row.customer),
        consultant: parseJson(row.consultant),
        status: row.status,
        created_at: iso(row.created_at),
        closed_at: row.closed_at === null ? null : iso(row.closed_at),
        last_message: row.last_message_id === null ? null : (last.get(row.last_message_id) ?? null),
        pending_count: row.pending_count,
        promise: toPromise(row.status, row),
        sort_at: row.sort_at,
      }));
    }

    const statusFilter = (scope: DiscussionScope) => (scope === 'open' ? ` AND d.status = 'open'` : '');

    function cursorKey(cursor: string | undefined): Keyset | null {
      if (cursor === undefined) return null;
      const key = decodeCursor(cursor);
      if (!key) throw httpErrors.badRequest('Invalid cursor');
      return key;
    }

    /**
     * One page of the discussions matching any of `branches` (conditions on `d`, parameters from
     * $2), newest activity first. Each branch reads its own index in order (an OR of two columns
     * would sort every match), the union keeps the first page_size.
     */
    async function discussionPage(
      viewerId: number,
      branches: string[],
      params: unknown[],
      scope: DiscussionScope,
      query: DiscussionListQuery,
    ): Promise<DiscussionList> {
      const pageSize = query.page_size ?? 20;
      const key = cursorKey(query.cursor);
      const all = [viewerId, ...params];
      let keyset = '';
      if (key) {
        all.push(key.at, key.id);
        keyset = ` AND (d.last_activity_at, d.id) < ($${all.length - 1}::timestamptz, $${all.length}::int)`;
      }
      const branch = (where: string) =>
        `(SELECT d.id, d.last_activity_at FROM discussions d WHERE ${where}${statusFilter(scope)}${keyset}
           ORDER BY d.last_activity_at DESC, d.id DESC LIMIT ${pageSize + 1})`;
      const page = `SELECT u.id FROM (${branches.map(branch).join(' UNION ')}) u ORDER BY u.last_activity_at DESC, u.id DESC LIMIT ${pageSize + 1}`;
      const rows = await discussions(viewerId, page, all.slice(1));
      // The count has no viewer: the branches' parameters move down by one ($2 becomes $1).
      const shifted = branches.map((where) => where.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) - 1}`));
      const count = await cappedCount(db, `FROM discussions d WHERE (${shifted.join(' OR ')})${statusFilter(scope)}`, params);
      const more = rows.length > pageSize;
      const items = rows.slice(0, pageSize);
      const pageNumber = (key?.page ?? 0) + 1;
      const last = items.at(-1);
      return {
        items: items.map(({ sort_at: _, ...discussion }) => discussion),
        total: count.total,
        total_capped: count.capped,
        page: pageNumber,
        page_size: pageSize,
        next_cursor: more && last ? encodeCursor({ at: last.sort_at, id: last.id, page: pageNumber }) : null,
      };
    }

    async function oneDiscussion(viewerId: number, id: number, q: Queryable = db): Promise<Discussion> {
      const [row] = await discussions(viewerId, 'SELECT id FROM discussions WHERE id = $2', [id], q);
      const { sort_at: _, ...discussion } = row!;
      return discussion;
    }

    /**
     * The discussion row if the session may see it: a party, the consultant's stand-in while they
     * are away (`standIn`: reads and writes like the consultant, under their own name), or an administrator.
     */
    async function visible(session: Session, id: number, q: Queryable = db, checked = false) {
      const { rows } = await q.query<{
        id: number;
        customer_id: number;
        consultant_id: number | null;
        status: string;
        stand_in: boolean;
      }>(
        `SELECT d.id, d.customer_id, d.consultant_id, d.status, d.consultant_id IN ${standingInForNow('$2')} AS stand_in
           FROM discussions d WHERE d.id = $1`,
        [id, session.user.id],
      );
      const found = rows[0];
      if (!found) return null;
      const { stand_in: standIn, ...row } = found;
      const party = row.customer_id === session.user.id || row.consultant_id === session.user.id;
      return checked || party || standIn === true || isAdministrator(session.rights)
        ? { ...row, party, standIn: !party && standIn === true }
        : null;
    }

    /** The message and its discussion, for the author only: 404 unseen, 403 not the author, 409 closed. */
    async function ownMessage(session: Session, id: number, q: Queryable) {
      const { rows } = await q.query<{ id: number; discussion_id: number; from_user_id: number | null; parent_message_id: number | null }>(
        'SELECT id, discussion_id, from_user_id, parent_message_id FROM messages WHERE id = $1',
        [id],
      );
      const message = rows[0];
      const discussion = message ? await visible(session, message.discussion_id, q) : null;
      if (!message || !discussion) throw httpErrors.notFound(DISCUSSION_MESSAGES.messageNotFound);
      if (message.from_user_id !== session.user.id) throw httpErrors.forbidden(DISCUSSION_MESSAGES.notAuthor);
      if (session.displayAs) throw httpErrors.forbidden(DISCUSSION_MESSAGES.displayAs);
      if (discussion.status !== 'open') throw httpErrors.conflict(DISCUSSION_MESSAGES.closed);
      return { message, discussion };
    }

    /**
     * The promise after a message: a customer's message starts the clock when nothing waited on the
     * consultant's side (reply_by counted once, now, in the hours of whoever answers: the stand-in
     * while the consultant is away); an answer from that side, or a close, stops it.
     */
    // The row is locked FOR NO KEY UPDATE, as an UPDATE of it does: a plain FOR UPDATE would wait on
    // the key-share lock a concurrent message's insert holds on it, while that insert's trigger waits
    // on the waiting counts this one holds, and PostgreSQL would end one of them as a deadlock.
    async function keepPromise(tx: Queryable, discussionId: number, fromCustomer: boolean) {
      if (!fromCustomer) {
        await tx.query('UPDATE discussions SET reply_by = NULL, reply_target_hours = NULL WHERE id = $1 AND reply_by IS NOT NULL', [
          discussionId,
        ]);
        return;
      }
      const { rows } = await tx.query<{ reply_by: Date | string | null; answering: number; target: number; now: Date | string }>(
        `SELECT d.reply_by, ${answeringFor('d.consultant_id')} AS answering, coalesce(e.reply_target_hours, 4)::float8 AS target, now() AS now
           FROM discussions d JOIN users cu ON cu.id = d.customer_id LEFT JOIN entities e ON e.id = cu.entity_id
          WHERE d.id = $1 AND d.consultant_id IS NOT NULL FOR NO KEY UPDATE OF d`,
        [discussionId],
      );
      const row = rows[0];
      if (!row || row.reply_by !== null) return;
      const calendar = await fastify.businessHoursRepository.calendar(row.answering, tx);
      let due: Date;
      try {
        due = replyBy(new Date(row.now), Number(row.target), calendar);
      } catch {
        // Hours that never open promise nothing: the discussion still waits on the consultant.
        return;
      }
      await tx.query('UPDATE discussions SET reply_by = $2, reply_target_hours = $3 WHERE id = $1', [discussionId, due, row.target]);
    }

    const repository: DiscussionsRepository = {
      async listOwn(session, scope, query = {}) {
        const me = session.user.id;
        return discussionPage(
          me,
          // A stand-in also lists the discussions of the consultants they stand in for now.
          [...DISCUSSION_PARTIES.map((party) => `d.${party} = $2`), `d.consultant_id IN ${standingInForNow('$2')}`],
          [me],
          scope,
          query,
        );
      },

      async listAdmin(session, scope, query = {}) {
        const me = session.user.id;
        if (isAdministrator(session.rights)) return discussionPage(me, ['true'], [], scope, query);
        if (!isContributor(session.rights) || session.entityId === null) {
          return { items: [], total: 0, total_capped: false, page: 1, page_size: query.page_size ?? 20, next_cursor: null };
        }
        return discussionPage(me, ['d.customer_id IN (SELECT u.id FROM users u WHERE u.entity_id = $2)'], [session.entityId], scope, query);
      },

      async adminCanSee(session, id) {
        if (isAdministrator(session.rights)) return true;
        if (!isContributor(session.rights) || session.entityId === null) return false;
        const { rows } = await db.query(
          'SELECT 1 FROM discussions d JOIN users cu ON cu.id = d.customer_id WHERE d.id = $1 AND cu.entity_id = $2',
          [id, session.entityId],
        );
        return rows.length > 0;
      },

      async pending(session, query = {}) {
        const me = session.user.id;
        const page = query.page ?? 1;
        const pageSize = query.page_size ?? 20;
        const offset = (page - 1) * pageSize;
        const total = (
          await db.query<{ count: number }>(
            `SELECT (SELECT count(*) FROM user_contacts WHERE consultant_id = $1)::int
                  + (SELECT count(*) FROM user_contacts WHERE user_id = $1 AND consultant_id <> $1)::int AS count`,
            [me],
            { prepare: true },
          )
        ).rows[0]!.count;
        const rows =
          total >= PENDING_WALK_FROM ? await pendingByWalk(db, me, pageSize, offset) : await pendingSorted(db, me, pageSize, offset);
        return {
          items: rows.map((row) => ({
            user: parseJson(row.user)!,
            discussion_id: row.discussion_id,
            pending_count: row.pending_count ?? 0,
          })),
          total,
          page,
          page_size: pageSize,
        };
      },

      async thread(session, id, options = {}) {
        const found = await visible(session, id, db, options.admin);
        if (!found) return null;
        // A stand-in reads someone else's discussion: each reading is audited.
        if (found.standIn) {
          await fastify.auditRepository.record(session, {
            action: 'discussion.read-as-stand-in',
            itemType: 'discussion',
            itemId: id,
            details: { consultant_id: found.consultant_id },
          });
        }
        if (options.markRead && found.party && !session.displayAs) {
          await db.transaction(async (tx) => {
            const { rows } = await tx.query<{ id: number }>(
              `UPDATE messages SET status = 'read' WHERE discussion_id = $1 AND to_user_id = $2 AND status = 'open' RETURNING id`,
              [id, session.user.id],
            );
            if (rows.length > 0) await notify(tx, { type: 'counters', discussion_id: id, message_id: null, users: [session.user.id] });
          });
        }
        const pageSize = options.pageSize ?? THREAD_PAGE_SIZE;
        const key = cursorKey(options.before);
        const params: unknown[] = [id];
        let keyset = '';
        if (key) {
          params.push(key.at, key.id);
          keyset = ' AND (p.created_at, p.id) < ($2::timestamptz, $3::int)';
        }
        // The latest page_size (one more tells whether older ones remain), read backwards from the thread index.
        const { rows } = await db.query<MessageRow & { sort_at: string }>(
          `WITH page AS (
             SELECT p.id FROM messages p WHERE p.discussion_id = $1${keyset} ORDER BY p.created_at DESC, p.id DESC LIMIT ${pageSize + 1}
           )
           ${MESSAGE_SELECT.replace('SELECT m.id,', `SELECT ${keysetAt('m.created_at')} AS sort_at, m.id,`)}
           JOIN page ON page.id = m.id
           ORDER BY m.created_at DESC, m.id DESC`,
          params,
        );
        const older = rows.length > pageSize;
        const page = rows.slice(0, pageSize).reverse();
        const oldest = page[0];
        return {
          discussion: await oneDiscussion(session.user.id, id),
          messages: page.map(toMessage),
          older_cursor: older && oldest ? encodeCursor({ at: oldest.sort_at, id: oldest.id, page: (key?.page ?? 0) + 1 }) : null,
        };
      },

      async post(session, body) {
        const problem = checkMessageText(body.message);
        if (problem) throw httpErrors.badRequest(problem);
        if (session.displayAs) throw httpErrors.forbidden(DISCUSSION_MESSAGES.displayAs);
        const me = session.user.id;
        return db.transaction(async (tx) => {
          let discussionId: number;
          let customerId: number;
          let consultantId: number;
          let standInFor: number | null = null;
          if (body.discussion_id !== undefined) {
            const found = await visible(session, body.discussion_id, tx);
            if (!found) throw httpErrors.notFound(DISCUSSION_MESSAGES.notFound);
            if ((!found.party && !found.standIn) || found.consultant_id === null) throw httpErrors.forbidden(DISCUSSION_MESSAGES.notParty);
            if (found.standIn) standInFor = found.consultant_id;
            if (found.status !== 'open') throw httpErrors.conflict(DISCUSSION_MESSAGES.closed);
            [discussionId, customerId, consultantId] = [found.id, found.customer_id, found.consultant_id];
          } else {
            // Who is who comes from user_contacts: the caller writes to one of their consultants or clients.
            const { rows } = await tx.query<{ user_id: number; consultant_id: number }>(
              `SELECT user_id, consultant_id FROM user_contacts
                WHERE (user_id = $1 AND ($2::int IS NULL OR consultant_id = $2))
                   OR (consultant_id = $1 AND user_id = $2)
                ORDER BY (user_id = $1) DESC, consultant_id, user_id LIMIT 1`,
              [me, body.to_user_id ?? null],
            );
            const pair = rows[0];
            if (!pair) {
              if (body.to_user_id === undefined) throw httpErrors.badRequest(DISCUSSION_MESSAGES.noConsultant);
              throw httpErrors.forbidden(DISCUSSION_MESSAGES.notParty);
            }
            [customerId, consultantId] = [pair.user_id, pair.consultant_id];
            await tx.query(
              `INSERT INTO discussions (customer_id, consultant_id) VALUES ($1, $2)
               ON CONFLICT (customer_id, consultant_id) WHERE status = 'open' DO NOTHING`,
              [customerId, consultantId],
            );
            const open = await tx.query<{ id: number }>(
              `SELECT id FROM discussions WHERE customer_id = $1 AND consultant_id = $2 AND status = 'open'`,
              [customerId, consultantId],
            );
            discussionId = open.rows[0]!.id;
          }
          let parent: number | null;
          if (body.parent_message_id !== undefined) {
            const { rows } = await tx.query('SELECT 1 FROM messages WHERE id = $1 AND discussion_id = $2', [
              body.parent_message_id,
              discussionId,
            ]);
            if (rows.length === 0) throw httpErrors.badRequest(DISCUSSION_MESSAGES.badParent);
            parent = body.parent_message_id;
          } else {
            // Without a parent, the reply chains to the last message: the thread stays one chain.
            const { rows } = await tx.query<{ id: number }>(
              'SELECT id FROM messages WHERE discussion_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
              [discussionId],
            );
            parent = rows[0]?.id ?? null;
          }
          const to = me === customerId ? consultantId : customerId;
          const inserted = await tx.query<{ id: number }>(
            `INSERT INTO messages (discussion_id, from_user_id, to_user_id, parent_message_id, message)
             VALUES ($1, $2, $3, $4, $5) RETURNING id`,
            [discussionId, me, to, parent, body.message],
          );
          const messageId = inserted.rows[0]!.id;
          const users = [customerId, consultantId];
          if (body.close) await tx.query(`UPDATE discussions SET status = 'closed', closed_at = now() WHERE id = $1`, [discussionId]);
          await keepPromise(tx, discussionId, me === customerId && !body.close);
          await fastify.auditRepository.record(
            session,
            {
              action: body.close ? 'message.create-and-close' : 'message.create',
              itemType: 'message',
              itemId: messageId,
              details: { discussion_id: discussionId, ...(standInFor === null ? {} : { stand_in_for: standInFor }) },
            },
            tx,
          );
          const message = (await messagesByIds([messageId], tx)).get(messageId)!;
          const discussion = await oneDiscussion(me, discussionId, tx);
          await notifyDiscussionMessage(tx, { id: discussionId, customerId, consultantId }, me, body.close === true);
          await notify(tx, { type: 'message.created', discussion_id: discussionId, message_id: messageId, users });
          if (body.close) await notify(tx, { type: 'discussion.closed', discussion_id: discussionId, message_id: messageId, users });
          return { discussion, message };
        });
      },

      async replace(session, id, text) {
        const problem = checkMessageText(text);
        if (problem) throw httpErrors.badRequest(problem);
        return db.transaction(async (tx) => {
          const { discussion } = await ownMessage(session, id, tx);
          await tx.query('UPDATE messages SET message = $2, is_edited = true, modified_at = now() WHERE id = $1', [id, text]);
          await fastify.auditRepository.record(session, { action: 'message.update', itemType: 'message', itemId: id }, tx);
          const message = (await messagesByIds([id], tx)).get(id)!;
          await notify(tx, {
            type: 'message.updated',
            discussion_id: discussion.id,
            message_id: id,
            users: [discussion.customer_id, discussion.consultant_id ?? 0],
          });
          return message;
        });
      },

      async remove(session, id) {
        await db.transaction(async (tx) => {
          const { message, discussion } = await ownMessage(session, id, tx);
          // Keep the chain whole: the replies to this message now answer its parent.
          await tx.query('UPDATE messages SET parent_message_id = $2 WHERE parent_message_id = $1', [id, message.parent_message_id]);
          await tx.query('DELETE FROM messages WHERE id = $1', [id]);
          await fastify.auditRepository.record(session, { action: 'message.delete', itemType: 'message', itemId: id }, tx);
          await notify(tx, {
            type: 'message.deleted',
            discussion_id: discussion.id,
            message_id: id,
            users: [discussion.customer_id, discussion.consultant_id ?? 0],
          });
        });
      },

      async message(id) {
        return (await messagesByIds([id])).get(id) ?? null;
      },

      async counters(userId) {
        const { rows } = await db.query<CountersEvent>(
          `SELECT (SELECT count(*)::int FROM discussions d WHERE d.status = 'open' AND ${ownDiscussion('d', '$1')}) AS open_discussion_counter,
                  (SELECT count(*)::int FROM discussions d WHERE d.status = 'closed' AND ${ownDiscussion('d', '$1')}) AS close_discussion_counter,
                  (SELECT count(*)::int FROM messages m JOIN discussions d ON d.id = m.discussion_id
                    WHERE m.to_user_id = $1 AND m.status = 'open' AND d.status = 'open') AS pending_message_counter`,
          [userId],
        );
        return rows[0]!;
      },
    };
    fastify.decorate('discussionsRepository', repository);
  },
  { name: 'discussions-repository', dependencies: ['database', 'audit-repository', 'business-hours-repository'] },
);
