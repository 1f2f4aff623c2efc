import fp from 'fastify-plugin';
import { createReportServerClient, type ReportServerClient } from './report-server-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Power BI Report Server connector; null when none is configured (the refresh routes answer 503). */
    reportServer: ReportServerClient | null;
  }
}

/**
 * The Power BI Report Server of PBIRS_URL. In development without one, a stand-in with demo data
 * starts on its own port of 127.0.0.1 so that the sync can be tried; never in production or tests.
 */
export default fp(
  async (fastify) => {
    const { pbirsUrl, pbirsUser, pbirsPassword, nodeEnv } = fastify.config;
    let url = pbirsUrl;
    if (!url && nodeEnv === 'development') {
      // Imported here so that production never loads the stand-in.
      const { startFakeReportServer } = await import('./fake-report-server');
      const fake = await startFakeReportServer();
      fastify.addHook('onClose', () => fake.close());
      url = fake.url;
      fastify.log.info({ url }, 'PBIRS_URL is unset: a stand-in Power BI Report Server with demo data runs for development');
    }
    fastify.decorate('reportServer', url ? createReportServerClient({ url, user: pbirsUser, password: pbirsPassword }) : null);
  },
  { name: 'power-bi', dependencies: ['config'] },
);
