import { DUE_SOON_DAYS, portalPaths } from '@hub/shared/api';
import type { Db } from '../../db/db';

/**
 * The reminders (docs/product.md §14): Collectmaster requests 3 days before their due date, on the
 * day and once overdue, and trainings 24 hours before they start. Each is a row in `notifications`
 * for every person concerned (the bell and the email follow from those rows), written set-based:
 * one statement per kind of reminder, whatever the number of requests or people.
 *
 * Each step of each request is sent once: the statement first claims it in `reminders_sent`
 * (INSERT … ON CONFLICT DO NOTHING) and writes notifications only for the steps it claimed, so two
 * server processes ticking at once send it once between them. `now` is the clock: the job passes
 * the time, the tests any time they like.
 */

/** The days of a due date are those of the portal's time zone (the users' default one). */
export const REMINDER_TIME_ZONE = 'Europe/Paris';
/** Trainings and webinars: this many hours before they start. */
export const TRAINING_REMINDER_HOURS = 24;

export interface RemindersSent {
  /** Notifications written for Collectmaster requests. */
  collectmaster: number;
  /** Notifications written for trainings. */
  trainings: number;
}

/**
 * The open requests (a missing file with a due date; a folder with a due date that still holds a
 * missing file, or where no file arrived since the request), the step each one is at today, and
 * its folder (where the customer opens it).
 */
const DUE_REQUESTS = `
  today AS (SELECT ($1::timestamptz AT TIME ZONE $2)::date AS day),
  requests AS (
    SELECT 'exchange_file' AS subject_type, f.id AS subject_id, f.due_on, f.requested_at, f.name_original AS title,
           c.entity_id, d.collection_id, d.id AS folder_id
      FROM exchange_files f JOIN exchange_folders d ON d.id = f.folder_id JOIN exchange_collections c ON c.id = d.collection_id
     WHERE f.due_on IS NOT NULL AND f.state = 1
    UNION ALL
    SELECT 'exchange_folder', d.id, d.due_on, d.requested_at, d.name, c.entity_id, d.collection_id, d.id
      FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id
     WHERE d.due_on IS NOT NULL
       AND (EXISTS (SELECT 1 FROM exchange_files f WHERE f.folder_id = d.id AND f.state = 1)
            OR NOT EXISTS (SELECT 1 FROM exchange_files f WHERE f.folder_id = d.id AND f.upload_at >= d.requested_at))
  ),
  steps AS (
    SELECT r.*, CASE
             WHEN t.day > r.due_on THEN 'overdue'
             WHEN t.day = r.due_on THEN 'due_today'
             -- Asked for inside the last days: the request's own notice says it all.
             WHEN (r.requested_at AT TIME ZONE $2)::date < r.due_on - $3::int THEN 'due_soon'
           END AS step
      FROM requests r, today t
     WHERE r.due_on <= t.day + $3::int
  )`;

export async function sendReminders(db: Db, now: Date): Promise<RemindersSent> {
  // The steps claimed, with where the customer opens each one, then their notifications (the path
  // made here, @hub/shared's portal paths), in one transaction: a step is claimed with its
  // notifications or not at all, and a second process waits for the first's claim.
  const collectmaster = await db.transaction(async (tx) => {
    const claimed = await tx.query<{
      subject_type: string;
      subject_id: number;
      step: string;
      title: string;
      entity_id: number;
      slug: string;
      collection_id: number;
      folder_id: number;
    }>(
      `WITH ${DUE_REQUESTS},
       claimed AS (
         INSERT INTO reminders_sent (subject_type, subject_id, step, due_at, sent_at)
         SELECT subject_type, subject_id, step, due_on::timestamp AT TIME ZONE 'UTC', $1 FROM steps WHERE step IS NOT NULL
         ON CONFLICT DO NOTHING
         RETURNING subject_type, subject_id, step
       )
       SELECT s.subject_type, s.subject_id, s.step, s.title, s.entity_id, e.slug, s.collection_id, s.folder_id
         FROM claimed k
         JOIN steps s ON s.subject_type = k.subject_type AND s.subject_id = k.subject_id AND s.step = k.step
         JOIN entities e ON e.id = s.entity_id`,
      [now, REMINDER_TIME_ZONE, DUE_SOON_DAYS],
    );
    const steps = claimed.rows;
    if (steps.length === 0) return 0;
    const written = await tx.query<{ count: number }>(
      `WITH written AS (
         INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path)
         SELECT u.id, 'collectmaster', 'collectmaster.' || r.step, r.subject_type, r.subject_id, r.title, r.path
           FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[]) r(subject_type, subject_id, step, title, entity_id, path)
           JOIN users u ON u.entity_id = r.entity_id
         RETURNING 1
       )
       SELECT count(*)::int AS count FROM written`,
      [
        steps.map((step) => step.subject_type),
        steps.map((step) => step.subject_id),
        steps.map((step) => step.step),
        steps.map((step) => step.title),
        steps.map((step) => step.entity_id),
        steps.map((step) => portalPaths.exchangeFolder(step.slug, step.collection_id, step.folder_id)),
      ],
    );
    return written.rows[0]!.count;
  });
  // Trainings are for every signed-in person (the trainings list has no audience).
  const trainings = await db.query<{ count: number }>(
    `WITH starting AS (
       SELECT id, intitule, date_debut FROM trainings
        WHERE date_debut > $1::timestamptz AND date_debut <= $1::timestamptz + make_interval(hours => $2::int)
     ),
     claimed AS (
       INSERT INTO reminders_sent (subject_type, subject_id, step, due_at, sent_at)
       SELECT 'training', id, 'starting', date_debut, $1 FROM starting
       ON CONFLICT DO NOTHING
       RETURNING subject_id
     ),
     written AS (
       INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path)
       SELECT u.id, 'trainings', 'training.starting', 'training', t.id, t.intitule, $3
         FROM claimed k JOIN starting t ON t.id = k.subject_id CROSS JOIN users u
       RETURNING 1
     )
     SELECT count(*)::int AS count FROM written`,
    [now, TRAINING_REMINDER_HOURS, portalPaths.trainings],
  );
  return { collectmaster, trainings: trainings.rows[0]!.count };
}
