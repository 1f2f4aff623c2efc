import { buildApp } from './app';
import { ConfigError, loadConfig } from './plugins/external/config';

const started = Date.now();
let config;
try {
  config = await loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    // Bad configuration stops start-up with a message that names the variable.
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, ms: Date.now() - started }, 'portal started');
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}
