import fp from 'fastify-plugin';
import {
  DEFAULT_DELIVERY,
  DEFAULT_DIGEST_HOUR,
  PREFERENCE_KINDS,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type OutboxList,
  type OutboxQuery,
  type PreferenceKind,
  type ReceivedEmail,
} from '@hub/shared/api';
import type { OutboxRow } from '../../../lib/mail/compose-email';
import { cappedCount, decodeCursor, encodeCursor, keysetAt } from '../../../lib/paging';
import { iso } from '../../../lib/iso';

/** Delay before each new try of an email, by the number of tries made: seconds first, then minutes apart. */
export const RETRY_DELAYS_SECONDS = [2, 5, 15, 30, 60, 120, 180, 180, 180] as const;
/** After this many tries the email is marked failed (about 13 minutes after the first). */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** A claimed email not marked by then (its process died while sending) is claimed again. */
export const CLAIM_SECONDS = 120;
/** A lock number for the daily digest, so that two processes never gather the same digest. */
const DIGEST_LOCK = 7_502_001;

export interface Claimed extends OutboxRow {
  attempts: number;
}

export interface MailRepository {
  preferences(userId: number): Promise<NotificationPreferences>;
  savePreferences(userId: number, body: NotificationPreferencesBody): Promise<NotificationPreferences>;
  /** One-click unsubscribe: that kind by email (at once or digest) becomes portal only. False: no such person. */
  unsubscribe(userId: number, kind: PreferenceKind): Promise<boolean>;
  /** Claims up to `limit` emails due at `now` (FOR UPDATE SKIP LOCKED): every process may call it at once. */
  claim(now: Date, limit: number): Promise<Claimed[]>;
  /** Marks sent the emails of one batch the SMTP server accepted (one statement). */
  markSent(rows: Claimed[], now: Date): Promise<void>;
  /** A failed try: again after its delay, or failed for good (`permanent`, or the last try). */
  markFailedTry(row: Claimed, now: Date, error: string, permanent: boolean): Promise<void>;
  /** Gathers the daily digests due at `now` (each person's hour, in their time zone); returns how many emails it wrote. */
  writeDigests(now: Date): Promise<number>;
  listOutbox(query: OutboxQuery): Promise<OutboxList>;
  /** A failed email back to pending (its tries counted again). False: no failed email of that id. */
  retry(id: number): Promise<boolean>;
  recordReceived(message: Omit<ReceivedEmail, 'id' | 'received_at'> & { raw: string }): Promise<void>;
  listReceived(query: {
    page_size?: number;
    cursor?: string;
  }): Promise<{ items: ReceivedEmail[]; next_cursor: string | null; total: number; total_capped: boolean }>;
  /** One received message with its raw text (as kept), or null. */
  getReceived(id: number): Promise<(ReceivedEmail & { raw: string }) | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailRepository: MailRepository;
  }
}

const deliveryOf = (kind: PreferenceKind) => `coalesce(p.${kind}, '${DEFAULT_DELIVERY[kind]}')`;

const receivedOf = (row: Record<string, unknown>): ReceivedEmail => ({
  id: Number(row.id),
  received_at: iso(row.received_at as string),
  mail_from: row.mail_from as string,
  rcpt_to: row.rcpt_to as string,
  subject: row.subject as string,
  message_id: row.message_id as string,
});

export default fp(
  async (fastify) => {
    const db = fastify.db;

    async function preferences(userId: number): Promise<NotificationPreferences> {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT u.language, u.time_zone, u.followed_categories, coalesce(p.digest_hour, ${DEFAULT_DIGEST_HOUR}) AS digest_hour,
                ${PREFERENCE_KINDS.map((kind) => `${deliveryOf(kind)} AS ${kind}`).join(', ')}
           FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id WHERE u.id = $1`,
        [userId],
      );
      const row = rows[0]!;
      return {
        delivery: Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, row[kind]])) as NotificationPreferences['delivery'],
        digest_hour: Number(row.digest_hour),
        followed_categories: (row.followed_categories as number[] | null) ?? null,
        language: row.language as NotificationPreferences['language'],
        time_zone: row.time_zone as string,
      };
    }

    const repository: MailRepository = {
      preferences,

      async savePreferences(userId, body) {
        await db.transaction(async (tx) => {
          const followed = body.followed_categories;
          await tx.query(
            `UPDATE users SET language = coalesce($2, language), time_zone = coalesce($3, time_zone),
                    followed_categories = CASE WHEN $4 THEN ARRAY(SELECT id FROM categories WHERE id = ANY($5::int[]) ORDER BY id)
                                               WHEN $6 THEN NULL ELSE followed_categories END
              WHERE id = $1`,
            [userId, body.language ?? null, body.time_zone ?? null, Array.isArray(followed), followed ?? [], followed === null],
          );
          const delivery = body.delivery ?? {};
          const values = PREFERENCE_KINDS.map((kind) => delivery[kind] ?? null);
          await tx.query(
            `INSERT INTO notification_preferences (user_id, ${PREFERENCE_KINDS.join(', ')}, digest_hour)
             VALUES ($1, ${PREFERENCE_KINDS.map((kind, i) => `coalesce($${i + 2}, '${DEFAULT_DELIVERY[kind]}')`).join(', ')},
                     coalesce($${PREFERENCE_KINDS.length + 2}::smallint, ${DEFAULT_DIGEST_HOUR}))
             ON CONFLICT (user_id) DO UPDATE SET
               ${PREFERENCE_KINDS.map((kind, i) => `${kind} = coalesce($${i + 2}, notification_preferences.${kind})`).join(', ')},
               digest_hour = coalesce($${PREFERENCE_KINDS.length + 2}::smallint, notification_preferences.digest_hour)`,
            [userId, ...values, body.digest_hour ?? null],
          );
        });
        return preferences(userId);
      },

      async unsubscribe(userId, kind) {
        // `kind` is one of PREFERENCE_KINDS (checked by the caller): a column name, never the caller's text.
        if (!PREFERENCE_KINDS.includes(kind)) throw new Error(`unknown kind ${kind}`);
        const { rows } = await db.query(
          `INSERT INTO notification_preferences (user_id, ${kind})
           SELECT id, 'portal' FROM users WHERE id = $1
           ON CONFLICT (user_id) DO UPDATE SET ${kind} = CASE WHEN notification_preferences.${kind} IN ('email', 'digest') THEN 'portal'
                                                             ELSE notification_preferences.${kind} END
           RETURNING user_id`,
          [userId],
        );
        return rows.length > 0;
      },

      async claim(now, limit) {
        // `now` counts milliseconds and the database microseconds: an email written in the
        // millisecond `now` names (its next_attempt_at is its transaction's now()) is due too; with
        // `<= now` a drain asked right after the write could find nothing (seen in CI).
        const { rows } = await db.query<Record<string, unknown>>(
          `UPDATE mail_outbox o
              SET state = 'sending', attempts = o.attempts + 1, claimed_until = $1::timestamptz + make_interval(secs => $3)
             FROM users u
            WHERE u.id = o.user_id
              AND o.id IN (SELECT id FROM mail_outbox
                            WHERE state IN ('pending', 'sending') AND next_attempt_at < $1::timestamptz + interval '1 millisecond'
                              AND (state = 'pending' OR claimed_until <= $1::timestamptz)
                            ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING o.id, o.user_id, o.kind, o.event, o.title, o.path, o.items, o.attempts, u.email, u.language,
                  (extract(epoch FROM o.created_at) * 1000)::float8 AS created_at_ms`,
          [iso(now), limit, CLAIM_SECONDS],
        );
        return rows
          .map((row) => ({
            id: Number(row.id),
            user_id: Number(row.user_id),
            kind: row.kind as PreferenceKind,
            event: row.event as string,
            title: row.title as string,
            path: row.path as string,
            items: (typeof row.items === 'string' ? JSON.parse(row.items) : row.items) as Claimed['items'],
            attempts: Number(row.attempts),
            email: row.email as string,
            language: row.language as Claimed['language'],
            created_at_ms: Math.round(Number(row.created_at_ms)),
          }))
          .sort((a, b) => a.id - b.id);
      },

      async markSent(rows, now) {
        if (rows.length === 0) return;
        await db.query(
          `UPDATE mail_outbox o SET state = 'sent', sent_at = $3, claimed_until = NULL, last_error = NULL
             FROM unnest($1::bigint[], $2::int[]) AS s(id, attempts)
            WHERE o.id = s.id AND o.state = 'sending' AND o.attempts = s.attempts`,
          [rows.map((row) => row.id), rows.map((row) => row.attempts), iso(now)],
        );
      },

      async markFailedTry(row, now, error, permanent) {
        const last = permanent || row.attempts >= MAX_ATTEMPTS;
        const delay = RETRY_DELAYS_SECONDS[Math.min(row.attempts, RETRY_DELAYS_SECONDS.length) - 1] ?? 0;
        await db.query(
          `UPDATE mail_outbox SET state = $4, next_attempt_at = $2::timestamptz + make_interval(secs => $5),
                  claimed_until = NULL, last_error = left($6, 500)
            WHERE id = $1 AND state = 'sending' AND attempts = $3`,
          [row.id, iso(now), row.attempts, last ? 'failed' : 'pending', delay, error],
        );
      },

      async writeDigests(now) {
        return db.transaction(async (tx) => {
          const { rows: lock } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [DIGEST_LOCK]);
          if (!lock[0]?.locked) return 0;
          // Whoever gets some kind by digest (content by default). Each person's last slot: today's digest hour in their time zone, or yesterday's when it is
          // not reached yet. Due when no digest was considered for that slot; marked at once, so an
          // empty digest is not sent and is not gathered again.
          const { rows } = await tx.query(
            `WITH candidates AS (
               SELECT u.id AS user_id, u.time_zone, p.last_digest_at,
                      ($1::timestamptz AT TIME ZONE u.time_zone) AS local_now,
                      make_interval(hours => coalesce(p.digest_hour, ${DEFAULT_DIGEST_HOUR})) AS hour
                 FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id
                WHERE ${PREFERENCE_KINDS.map((kind) => `${deliveryOf(kind)} = 'digest'`).join(' OR ')}
             ), slots AS (
               SELECT user_id, last_digest_at,
                      (CASE WHEN date_trunc('day', local_now) + hour > local_now THEN date_trunc('day', local_now) + hour - interval '1 day'
                            ELSE date_trunc('day', local_now) + hour END) AT TIME ZONE time_zone AS slot
                 FROM candidates
             ), due AS (
               SELECT user_id, slot, coalesce(last_digest_at, slot - interval '1 day') AS since
                 FROM slots WHERE last_digest_at IS NULL OR last_digest_at < slot
             ), marked AS (
               INSERT INTO notification_preferences (user_id, last_digest_at) SELECT user_id, slot FROM due
               ON CONFLICT (user_id) DO UPDATE SET last_digest_at = excluded.last_digest_at
               RETURNING user_id
             )
             INSERT INTO mail_outbox (user_id, kind, event, items)
             SELECT d.user_id, CASE WHEN count(DISTINCT n.kind) = 1 THEN min(n.kind) ELSE 'content' END, 'digest',
                    jsonb_agg(jsonb_build_object('event', n.event, 'title', n.title, 'path', n.path) ORDER BY n.id)
               FROM due d
               LEFT JOIN notification_preferences p ON p.user_id = d.user_id
               JOIN notifications n ON n.user_id = d.user_id AND n.read_at IS NULL
                                   AND n.created_at > d.since AND n.created_at <= d.slot
              WHERE CASE n.kind ${PREFERENCE_KINDS.map((kind) => `WHEN '${kind}' THEN ${deliveryOf(kind)}`).join(' ')} END = 'digest'
              GROUP BY d.user_id
             RETURNING id`,
            [iso(now)],
          );
          return rows.length;
        });
      },

      async listOutbox(query) {
        const state = query.state ?? 'failed';
        const pageSize = query.page_size ?? 20;
        const key = query.cursor ? decodeCursor(query.cursor) : null;
        if (query.cursor && !key) throw fastify.httpErrors.badRequest('cursor: not a cursor of this list');
        const params: unknown[] = [state];
        let after = '';
        if (key) {
          params.push(key.id);
          after = `AND o.id < $${params.length}`;
        }
        const { rows } = await db.query<Record<string, unknown>>(
          `SELECT o.id, u.email AS recipient, o.kind, o.event, o.title, o.state, o.attempts, o.last_error,
                  o.created_at, o.sent_at, ${keysetAt('o.created_at')} AS at
             FROM mail_outbox o JOIN users u ON u.id = o.user_id
            WHERE o.state = $1 ${after}
            ORDER BY o.id DESC LIMIT ${pageSize + 1}`,
          params,
        );
        const count = await cappedCount(db, 'FROM mail_outbox WHERE state = $1', [state]);
        const page = rows.slice(0, pageSize);
        const last = page[page.length - 1];
        const pageNumber = (key?.page ?? 0) + 1;
        return {
          items: page.map((row) => ({
            id: Number(row.id),
            recipient: row.recipient as string,
            kind: row.kind as string,
            event: row.event as string,
            title: row.title as string,
            state: row.state as OutboxList['items'][number]['state'],
            attempts: Number(row.attempts),
            last_error: (row.last_error as string | null) ?? null,
            created_at: iso(row.created_at as string),
            sent_at: row.sent_at ? iso(row.sent_at as string) : null,
          })),
          total: count.total,
          total_capped: count.capped,
          page: pageNumber,
          page_size: pageSize,
          next_cursor:
            rows.length > pageSize && last ? encodeCursor({ at: last.at as string, id: Number(last.id), page: pageNumber }) : null,
        };
      },

      async retry(id) {
        const { rows } = await db.query(
          `UPDATE mail_outbox SET state = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL
            WHERE id = $1 AND state = 'failed' RETURNING id`,
          [id],
        );
        return rows.length > 0;
      },

      async recordReceived(message) {
        await db.query(`INSERT INTO mail_received (mail_from, rcpt_to, subject, message_id, raw) VALUES ($1, $2, $3, $4, $5)`, [
          message.mail_from,
          message.rcpt_to,
          message.subject,
          message.message_id,
          message.raw,
        ]);
      },

      async listReceived(query) {
        const pageSize = query.page_size ?? 20;
        const key = query.cursor ? decodeCursor(query.cursor) : null;
        if (query.cursor && !key) throw fastify.httpErrors.badRequest('cursor: not a cursor of this list');
        const { rows } = await db.query<Record<string, unknown>>(
          `SELECT id, received_at, mail_from, rcpt_to, subject, message_id, ${keysetAt('received_at')} AS at
             FROM mail_received ${key ? 'WHERE id < $1' : ''} ORDER BY id DESC LIMIT ${pageSize + 1}`,
          key ? [key.id] : [],
        );
        const count = await cappedCount(db, 'FROM mail_received WHERE true', []);
        const page = rows.slice(0, pageSize);
        const last = page[page.length - 1];
        const pageNumber = (key?.page ?? 0) + 1;
        return {
          items: page.map(receivedOf),
          total: count.total,
          total_capped: count.capped,
          next_cursor:
            rows.length > pageSize && last ? encodeCursor({ at: last.at as string, id: Number(last.id), page: pageNumber }) : null,
        };
      },

      async getReceived(id) {
        const { rows } = await db.query<Record<string, unknown>>(
          `SELECT id, received_at, mail_from, rcpt_to, subject, message_id, raw FROM mail_received WHERE id = $1`,
          [id],
        );
        return rows[0] ? { ...receivedOf(rows[0]), raw: rows[0].raw as string } : null;
      },
    };
    fastify.decorate('mailRepository', repository);
  },
  { name: 'mail-repository', dependencies: ['database'] },
);
