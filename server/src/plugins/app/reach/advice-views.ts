import fp from 'fastify-plugin';
import type { Session } from '../../../lib/auth/session';
import { runPeriodically } from '../../../lib/periodic-job';
import { REMINDER_TIME_ZONE } from '../../../lib/reminders/reminders';

/** How often each process writes the views it gathered (one statement). */
export const ADVICE_VIEWS_FLUSH_MS = 5_000;
/**
 * The most (advice, person) pairs a process holds between two writes, and remembers as counted
 * today. Past it, a view waits for the next write; the day's memory is then forgotten, so a pair
 * may be written twice in a day, which the statement's day check makes harmless.
 */
const MAX_HELD = 50_000;

export interface AdviceViews {
  /** Counts that `session`'s person opened the advice (display-as only looks: not counted). */
  record(adviceId: number, session: Session, now?: Date): void;
  /** Writes what was gathered since the last write. */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    adviceViews: AdviceViews;
  }
}

/** The calendar day of `now` in the portal's time zone (YYYY-MM-DD). */
const dayOf = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: REMINDER_TIME_ZONE }).format(now);

/**
 * The views of advices (docs/product.md, "Must-read advices and reach"): opening an advice's page
 * counts one view per person per day. As the browser figures (remotes/client-events-repository.ts),
 * views are gathered in memory and written every ADVICE_VIEWS_FLUSH_MS and when the app closes, in
 * one statement whatever their number; a pair already written today by this process is not held
 * again. A write that fails puts its views back for the next one.
 */
export default fp(
  async (fastify) => {
    const { db } = fastify;
    /** `advice:user` → the day it was opened, waiting to be written. */
    let pending = new Map<string, { adviceId: number; userId: number; day: string; at: Date }>();
    /** The pairs written today by this process, and that day. */
    let counted = new Set<string>();
    let countedDay = '';

    const views: AdviceViews = {
      record(adviceId, session, now = new Date()) {
        if (session.displayAs) return;
        const day = dayOf(now);
        if (day !== countedDay) {
          counted = new Set();
          countedDay = day;
        }
        const key = `${adviceId}:${session.user.id}`;
        if (counted.has(key) || pending.has(key)) return;
        if (pending.size >= MAX_HELD) return;
        pending.set(key, { adviceId, userId: session.user.id, day, at: now });
      },

      async flush() {
        const batch = pending;
        pending = new Map();
        if (batch.size === 0) return;
        const rows = [...batch.values()];
        try {
          // A new person: a row, with their company now. Known: one more day, unless today's is in.
          await db.query(
            `INSERT INTO advice_viewers AS v (advice_id, user_id, entity_id, first_viewed_at, last_viewed_on)
             SELECT i.advice_id, u.id, u.entity_id, i.at, i.day
               FROM unnest($1::int[], $2::int[], $3::date[], $4::timestamptz[]) AS i (advice_id, user_id, day, at)
               JOIN users u ON u.id = i.user_id
              WHERE EXISTS (SELECT 1 FROM advices a WHERE a.id = i.advice_id)
             ON CONFLICT (advice_id, user_id) DO UPDATE
                SET view_days = v.view_days + 1, last_viewed_on = EXCLUDED.last_viewed_on
              WHERE v.last_viewed_on < EXCLUDED.last_viewed_on`,
            [rows.map((row) => row.adviceId), rows.map((row) => row.userId), rows.map((row) => row.day), rows.map((row) => row.at)],
          );
        } catch (error) {
          for (const [key, row] of batch) if (!pending.has(key) && pending.size < MAX_HELD) pending.set(key, row);
          throw error;
        }
        if (counted.size + batch.size > MAX_HELD) counted = new Set();
        for (const [key, row] of batch) if (row.day === countedDay) counted.add(key);
      },
    };
    fastify.decorate('adviceViews', views);

    runPeriodically(fastify, ADVICE_VIEWS_FLUSH_MS, 'advice views flush', () => views.flush(), { atStart: false });
    // What was gathered is written before the database closes.
    fastify.addHook('onClose', async () => {
      await views.flush().catch((error: unknown) => fastify.log.error({ err: error }, 'advice views flush failed'));
    });
  },
  { name: 'advice-views', dependencies: ['database'] },
);
