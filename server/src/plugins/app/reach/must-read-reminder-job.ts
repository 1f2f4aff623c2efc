import fp from 'fastify-plugin';
import { runPeriodically } from '../../../lib/periodic-job';
import { sendMustReadReminders } from '../../../lib/reach/must-read-reminders';
import { REMINDERS_INTERVAL_MS } from '../reminders/reminder-job';

declare module 'fastify' {
  interface FastifyInstance {
    mustReadReminders: {
      /** One pass: the notifications written at `now` (the job passes the time; tests move it). */
      run(now?: Date): Promise<number>;
    };
  }
}

/** The must-read reminders, on the reminder job's rhythm and with its switch. */
export default fp(
  async (fastify, options: { enabled?: boolean }) => {
    const run = (now: Date = new Date()) => sendMustReadReminders(fastify.db, now);
    fastify.decorate('mustReadReminders', { run });
    if (options.enabled === false) return;
    runPeriodically(fastify, REMINDERS_INTERVAL_MS, 'must-read reminders', async () => {
      const sent = await run();
      if (sent) fastify.log.info({ sent }, 'must-read reminders sent');
    });
  },
  { name: 'must-read-reminder-job', dependencies: ['database'] },
);
