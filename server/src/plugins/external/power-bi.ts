import fp from 'fastify-plugin';
import { createReportServerClient, type ReportServerClient } from '../../lib/power-bi/report-server-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Power BI Report Server connector; null when none is configured (the refresh routes answer 503). */
    reportServer: ReportServerClient | null;
  }
}

/** Where the portal serves the stand-in report server in development (its pages, entrance and API). */
export const DEV_REPORT_SERVER_PATH = '/dev-report-server';

/** The demo dashboards' report addresses before the stand-in served them (data folders seeded earlier). */
const DEMO_REPORTS = '^https://reports\\.example\\.com/reports/powerbi/';

/**
 * The Power BI Report Server of PBIRS_URL. In development without one, a stand-in with demo data
 * answers the connector on its own port of 127.0.0.1, and the portal serves the same stand-in to
 * browsers under /dev-report-server (the demo reports as pages, and the entrance redirect), at an
 * address that does not change between starts; the demo dashboards are pointed at it. Never in
 * production or tests.
 */
export default fp(
  async (fastify) => {
    const { pbirsUrl, pbirsUser, pbirsPassword, nodeEnv, publicUrl } = fastify.config;
    let url = pbirsUrl;
    if (!url && nodeEnv === 'development') {
      // Imported here so that production never loads the stand-in.
      const { createFakeReportHandler, startFakeReportServer } = await import('../../lib/power-bi/fake-report-server');
      const origin = new URL(publicUrl).origin;
      // The demo dashboards (also those of a data folder seeded before, or under another port) show the stand-in's reports.
      // (Without a database, as in the plugin's own tests, there is nothing to point.)
      const { rows: pointed } = !fastify.hasDecorator('db')
        ? { rows: [] }
        : await fastify.db.query(
            `UPDATE dashboards SET url = regexp_replace(url, $1, $2)
          WHERE url ~ $1 AND url <> regexp_replace(url, $1, $2) RETURNING id`,
            [
              `${DEMO_REPORTS}|^https?://[^/]+${DEV_REPORT_SERVER_PATH}/reports/powerbi/`,
              `${origin}${DEV_REPORT_SERVER_PATH}/reports/powerbi/`,
            ],
          );
      const handler = createFakeReportHandler({ basePath: DEV_REPORT_SERVER_PATH, frameAncestors: ["'self'", origin] });
      const fake = await startFakeReportServer({ handler });
      fastify.addHook('onClose', () => fake.close());
      url = fake.url;
      fastify.route({
        method: ['GET', 'HEAD'],
        url: `${DEV_REPORT_SERVER_PATH}/*`,
        schema: { hide: true },
        handler: (request, reply) => {
          reply.hijack();
          handler.handle(request.raw, reply.raw, origin);
        },
      });
      fastify.log.info(
        { url, pages: `${origin}${DEV_REPORT_SERVER_PATH}/reports/powerbi/`, dashboardsPointed: pointed.length },
        'PBIRS_URL is unset: a stand-in Power BI Report Server with demo data runs for development',
      );
    }
    fastify.decorate('reportServer', url ? createReportServerClient({ url, user: pbirsUser, password: pbirsPassword }) : null);
  },
  { name: 'power-bi', dependencies: ['config'] },
);
