import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { runPeriodically } from '../../../lib/periodic-job';
import { RETENTION_TABLES, type RetentionRun, runRetentionPass } from '../../../lib/retention/retention-pass';
import { DEFAULT_RETENTION } from '../../../lib/retention/retention-settings';

/** How often each process asks for the lease; the lease itself spaces the runs (RETENTION_EVERY_MS). */
const TICK_MS = 5 * 60 * 1000;

export interface RetentionJob {
  /** One pass now (at `now`, by default the clock), unless another process holds the lease. */
  run(now?: Date): Promise<RetentionRun>;
}

declare module 'fastify' {
  interface FastifyInstance {
    retention: RetentionJob;
  }
}

/**
 * The retention job (docs/operations.md, "Retention"): deletes what is older than its setting, in
 * small batches, on one process at a time, and counts what it deleted in the metrics
 * (`hub_retention_deleted_rows_total`, by table). Runs every RETENTION_EVERY_MS across all the
 * processes; without a retention configuration (tests), only when asked.
 */
export default fp(
  async (fastify) => {
    const settings = fastify.config.retention ?? DEFAULT_RETENTION;
    const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
    const deleted = new Counter({
      name: 'hub_retention_deleted_rows_total',
      help: 'Rows the retention job deleted, by table',
      labelNames: ['table'] as const,
      registers: [fastify.metrics.registry],
    });
    // Every table shows from the start (at 0): a rate() over a series that appears late misses its first step.
    for (const { kind } of RETENTION_TABLES) deleted.inc({ table: kind }, 0);
    const runs = new Counter({
      name: 'hub_retention_runs_total',
      help: 'Retention passes this process ran to the end (the others held the lease meanwhile)',
      registers: [fastify.metrics.registry],
    });

    const job: RetentionJob = {
      async run(now = new Date()) {
        const result = await runRetentionPass(fastify.db, settings, {
          now,
          holder,
          keepMs: settings.everyMs,
          onDeleted: (kind, rows) => deleted.inc({ table: kind }, rows),
        });
        if (result.ran) {
          runs.inc();
          const total = Object.values(result.deleted).reduce((sum, n) => sum + n, 0);
          if (total > 0) fastify.log.info({ deleted: result.deleted, batches: result.batches }, 'retention: old rows deleted');
        }
        return result;
      },
    };
    fastify.decorate('retention', job);
    if (settings.everyMs > 0) runPeriodically(fastify, Math.min(TICK_MS, settings.everyMs), 'retention job', () => job.run());
  },
  { name: 'retention-job', dependencies: ['config', 'metrics'] },
);
