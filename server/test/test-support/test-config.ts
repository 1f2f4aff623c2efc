import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_NAMES, ROLLBACK_DEFAULTS, type RemoteName } from '@hub/shared/api';
import { MIGRATIONS_DIR } from '../../src/db/migrate';
import type { AppConfig } from '../../src/plugins/external/config';

/** A complete configuration for tests, without reading the environment. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? join(tmpdir(), `hub-test-${process.pid}`);
  const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`])) as Record<RemoteName, string>;
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:8080',
    nodeEnv: 'test',
    dataDir,
    databaseUrl: null,
    databaseSchema: null,
    databaseSearchConnections: 2,
    pgliteStuckSeconds: 30,
    pgliteTrace: null,
    migrationsDir: MIGRATIONS_DIR,
    sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
    embeddedIdp: true,
    seedDemo: true,
    // No frontend build in API tests: the static host warns and carries on.
    staticDir: join(dataDir, 'no-static'),
    remotes,
    reportingHost: null,
    reportStaleHours: 24,
    reportRefreshMinutes: 0,
    // The reminders run when a test calls app.reminders.run(now), at the time it chooses.
    reminderJob: false,
    // The automatic roll-back runs when a test calls app.rollbackJob.run(now).
    telemetry: { eventsPerMinute: 1200, rollbackIntervalSeconds: 0, rollback: { ...ROLLBACK_DEFAULTS } },
    projectsUrl: null,
    logLevel: process.env.HUB_TEST_LOG ? 'info' : 'silent',
    rateLimitMax: 10_000,
    pbirsUrl: null,
    pbirsUser: null,
    pbirsPassword: null,
    warnings: [],
    ...overrides,
  };
}
