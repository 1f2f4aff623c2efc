import { buildApp } from './app';
import { DatabaseOpenError } from './db/pglite-db';
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

/** A shutdown that has not finished by then (a stuck request, a database that does not answer) is cut short. */
const SHUTDOWN_LIMIT_MS = 10_000;

let app;
try {
  app = await buildApp(config);
} catch (error) {
  if (error instanceof DatabaseOpenError) {
    // A damaged database folder stops start-up with a message that names it.
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Graceful: no new connections, requests in flight finish, live streams end with a reconnect
    // hint (discussion-hub.ts, file-events.ts), then the database closes.
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ signal, ms: SHUTDOWN_LIMIT_MS }, 'shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
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
