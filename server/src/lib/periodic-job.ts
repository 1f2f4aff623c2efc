import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` once the app is ready (unless `atStart: false`), then every `intervalMs`: a slow run is
 * never overlapped by the next one, errors are logged as `what failed`, and closing the app waits
 * for a run in progress. The timer does not keep the process alive.
 */
export function runPeriodically(
  fastify: FastifyInstance,
  intervalMs: number,
  what: string,
  job: () => Promise<unknown>,
  { atStart = true }: { atStart?: boolean } = {},
): void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = job()
      .catch((error: unknown) => fastify.log.error({ err: error }, `${what} failed`))
      .finally(() => (running = null));
  };
  let timer: NodeJS.Timeout | null = null;
  fastify.addHook('onReady', async () => {
    if (atStart) tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  fastify.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
