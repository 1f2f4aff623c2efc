import fp from 'fastify-plugin';
import { runPeriodically } from '../../../lib/periodic-job';
import { sendReminders, type RemindersSent } from '../../../lib/reminders/reminders';

/** How often every server process looks for reminders to send. A reminder is late by at most this. */
export const REMINDERS_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    reminders: {
      /** One pass: sends what is due at `now` (the job passes the time; tests move it). */
      run(now?: Date): Promise<RemindersSent>;
    };
  }
}

/**
 * The reminder job (docs/product.md §14): a pass at start, then every REMINDERS_INTERVAL_MS. Several
 * processes may pass at once: each reminder is claimed by one of them (see sendReminders).
 */
export default fp(
  async (fastify, options: { intervalMs?: number; enabled?: boolean }) => {
    const run = (now: Date = new Date()) => sendReminders(fastify.db, now);
    fastify.decorate('reminders', { run });
    if (options.enabled === false) return;
    const interval = options.intervalMs ?? REMINDERS_INTERVAL_MS;
    runPeriodically(fastify, interval, 'reminders', async () => {
      const sent = await run();
      if (sent.collectmaster || sent.trainings) fastify.log.info({ sent }, 'reminders sent');
    });
  },
  { name: 'reminder-job', dependencies: ['database'] },
);
