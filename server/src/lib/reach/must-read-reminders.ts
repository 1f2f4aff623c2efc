import { DUE_SOON_DAYS, NOTIFICATION_EVENT_KIND, PUBLICATION, portalPaths } from '@hub/shared/api';
import type { Db } from '../../db/db';
import { ADVICE_RECIPIENTS } from '../content/audience';
import { audienceCondition } from '../content/visibility';
import { REMINDER_TIME_ZONE } from '../reminders/reminders';

/**
 * The reminders of must-read advices with a date (docs/product.md, "Must-read advices and reach"):
 * DUE_SOON_DAYS days before the date and on the day, to each recipient who has not acknowledged
 * it yet, as 'advice.must_read' notifications (kind 'content': the bell and the email follow the
 * person's preferences, migration 0107's trigger). As the other reminders (lib/reminders), each
 * step of each advice is claimed once in `reminders_sent`, whatever the number of processes, and
 * written set-based: one statement for every recipient of every advice due.
 */
export async function sendMustReadReminders(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx.query<{ id: number; title: string }>(
      `WITH today AS (SELECT ($1::timestamptz AT TIME ZONE $2)::date AS day),
       due AS (
         SELECT a.id, a.title, m.due_on,
                CASE WHEN t.day = m.due_on THEN 'due_today' ELSE 'due_soon' END AS step
           FROM advice_must_read m JOIN advices a ON a.id = m.advice_id, today t
          WHERE m.due_on IS NOT NULL AND a.status = ${PUBLICATION.published} AND t.day BETWEEN m.due_on - $3::int AND m.due_on
       ),
       claimed AS (
         INSERT INTO reminders_sent (subject_type, subject_id, step, due_at, sent_at)
         SELECT 'advice_must_read', id, step, due_on::timestamp AT TIME ZONE 'UTC', $1 FROM due
         ON CONFLICT DO NOTHING
         RETURNING subject_id
       )
       SELECT d.id, d.title FROM claimed k JOIN due d ON d.id = k.subject_id`,
      [now, REMINDER_TIME_ZONE, DUE_SOON_DAYS],
    );
    if (claimed.rows.length === 0) return 0;
    const ids = claimed.rows.map((row) => row.id);
    const written = await tx.query<{ count: number }>(
      `WITH written AS (
         INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path)
         SELECT u.id, $2, 'advice.must_read', 'advice', i.id, i.title, p.path
           FROM unnest($1::int[], $3::text[]) p(id, path)
           JOIN advices i ON i.id = p.id
           JOIN users u ON ${audienceCondition('i', ADVICE_RECIPIENTS, 'u.entity_id', 'u.id')}
          WHERE NOT EXISTS (SELECT 1 FROM advice_acknowledgements k WHERE k.advice_id = i.id AND k.user_id = u.id)
         RETURNING 1
       )
       SELECT count(*)::int AS count FROM written`,
      [ids, NOTIFICATION_EVENT_KIND['advice.must_read'], ids.map((id) => portalPaths.advice(id))],
    );
    return written.rows[0]!.count;
  });
}
