import fp from 'fastify-plugin';
import { ReportServerError } from '../../../lib/power-bi/report-server-client';

/**
 * How fresh each dashboard's data is: the refresh history of the report each dashboard frames,
 * read from the report server (its refresh plans, then each plan's history) and kept in
 * dashboard_refresh (migration 0060). Read after each sync and every REPORT_REFRESH_MINUTES, one
 * run at a time in this process; it never takes the sync's lock (it only reads the report server
 * and writes its own table). Nothing happens without a report server.
 */
export interface DashboardRefresh {
  /** Reads the history now (joins the run in progress, if any); resolves to the number of dashboards whose report was found. */
  run(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboardRefresh: DashboardRefresh;
  }
}

/**
 * The report path (/Northwind/Sales) of a dashboard's URL on a report server: what follows
 * `/powerbi` in the portal address of a Power BI report (https://host/reports/powerbi/Northwind/Sales).
 * Null for any other URL.
 */
export function reportPathOf(url: string): string | null {
  const parsed = URL.parse(url);
  if (!parsed) return null;
  const match = /\/powerbi(\/.+?)\/*$/i.exec(decodeURIComponent(parsed.pathname));
  return match ? match[1]! : null;
}

export default fp(
  async (fastify) => {
    const { db, config, log } = fastify;
    let running: Promise<number> | null = null;

    async function readAndKeep(): Promise<number> {
      const server = fastify.reportServer;
      if (!server) return 0;
      const { rows } = await db.query<{ id: number; url: string }>('SELECT id, url FROM dashboards');
      const byPath = new Map<string, number[]>();
      for (const row of rows) {
        const path = reportPathOf(row.url);
        if (path) byPath.set(path, [...(byPath.get(path) ?? []), row.id]);
      }
      if (byPath.size === 0) return 0;
      const history = await server.refreshHistory([...byPath.keys()]);
      let found = 0;
      for (const [path, refresh] of history) {
        for (const id of byPath.get(path) ?? []) {
          found++;
          // Written only when something changed: each write drops the cached lists.
          await db.query(
            `INSERT INTO dashboard_refresh (dashboard_id, report_path, last_success_at, last_failure_at, last_failure_message)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (dashboard_id) DO UPDATE SET
               report_path = EXCLUDED.report_path, last_success_at = EXCLUDED.last_success_at,
               last_failure_at = EXCLUDED.last_failure_at, last_failure_message = EXCLUDED.last_failure_message
             WHERE (dashboard_refresh.report_path, dashboard_refresh.last_success_at, dashboard_refresh.last_failure_at, dashboard_refresh.last_failure_message)
                   IS DISTINCT FROM (EXCLUDED.report_path, EXCLUDED.last_success_at, EXCLUDED.last_failure_at, EXCLUDED.last_failure_message)`,
            [id, path, refresh.lastSuccessAt, refresh.lastFailureAt, refresh.lastFailureMessage],
          );
        }
      }
      return found;
    }

    const refresh: DashboardRefresh = {
      run() {
        running ??= readAndKeep().finally(() => {
          running = null;
        });
        return running;
      },
    };
    fastify.decorate('dashboardRefresh', refresh);

    const minutes = config.reportRefreshMinutes;
    if (minutes > 0 && fastify.reportServer) {
      let closed = false;
      const tick = () =>
        closed ||
        void refresh.run().catch((error: unknown) => {
          if (error instanceof ReportServerError) log.warn({ problem: error.message }, 'reading the reports refresh history failed');
          else log.error({ err: error }, 'reading the reports refresh history failed');
        });
      let timer: NodeJS.Timeout | undefined;
      fastify.addHook('onReady', async () => {
        // A first read soon after start, then on the schedule.
        setTimeout(tick, 1_000).unref();
        timer = setInterval(tick, minutes * 60_000);
        timer.unref();
      });
      fastify.addHook('onClose', async () => {
        closed = true;
        if (timer) clearInterval(timer);
        await running?.catch(() => undefined);
      });
    }
  },
  { name: 'dashboard-refresh', dependencies: ['database', 'power-bi'] },
);
