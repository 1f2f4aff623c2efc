import fp from 'fastify-plugin';

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
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return; // a slow tick is never overlapped by the next one
      running = fastify.schedulesRepository
        .publishDue()
        .then((published) => {
          if (published.length) fastify.log.info({ published }, 'scheduled publishing');
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'scheduled publishing failed'))
        .finally(() => (running = null));
    };
    let timer: NodeJS.Timeout | null = null;
    fastify.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, interval);
      timer.unref();
    });
    fastify.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'scheduler', dependencies: ['schedules-repository'] },
);
