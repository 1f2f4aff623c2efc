import fp from 'fastify-plugin';
import { runPeriodically } from '../../../lib/periodic-job';

/** How often the server looks for due drafts. A schedule is kept to within this delay. */
export const SCHEDULER_INTERVAL_MS = 30_000;

/**
 * Publishes scheduled drafts when they are due. The schedule lives in the database, so a restart
 * loses nothing (the first tick runs at start); several processes may tick at once, each row is
 * published by one of them only (see SchedulesRepository.publishDue).
 */
export default fp(
  async (fastify, options: { intervalMs?: number; enabled?: boolean }) => {
    if (options.enabled === false) return;
    const interval = options.intervalMs ?? SCHEDULER_INTERVAL_MS;
    runPeriodically(fastify, interval, 'scheduled publishing', async () => {
      const published = await fastify.schedulesRepository.publishDue();
      if (published.length) fastify.log.info({ published }, 'scheduled publishing');
    });
  },
  { name: 'scheduler', dependencies: ['schedules-repository'] },
);
