import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, ROLLBACK_DEFAULTS, type RemoteName } from '@hub/shared/api';
import { readOrCreateSecret } from '../../lib/auth/dev-secrets';
import type { S3Config } from '../../lib/file-exchange/exchange-storage';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { SEARCH_CONNECTIONS } from '../../db/postgres-db';
import { parseRetention, type RetentionConfig } from '../../lib/retention/retention-settings';

/** The server package folder (…/server), whatever the working directory of the process. */
export const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The repository root: the default home of `.data/` and of the built shell and remotes. */
export const REPO_ROOT = resolve(SERVER_DIR, '..');

export type NodeEnv = 'development' | 'production' | 'test';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  host: string;
  /** The address users reach, without a trailing slash. */
  publicUrl: string;
  nodeEnv: NodeEnv;
  dataDir: string;
  /** Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  /** A PostgreSQL schema to work in (tests use a fresh one per run); null means the server's default. */
  databaseSchema: string | null;
  /**
   * PostgreSQL: how many of the search's statements it runs at once, on connections of their own
   * (DATABASE_SEARCH_CONNECTIONS, db/postgres-db.ts): about its cores.
   */
  databaseSearchConnections: number;
  /**
   * Embedded database: seconds one statement may hold the database's thread before it is taken as
   * stuck and the database reopened (PGLITE_STUCK_SECONDS, db/pglite-isolated.ts); 0: never.
   */
  pgliteStuckSeconds: number;
  /** Embedded database: a file that receives a line per statement (PGLITE_TRACE, db/pglite-trace.ts); null: none. */
  pgliteTrace: string | null;
  /** The migrations applied at start (MIGRATIONS_DIR): the release's own folder unless a drill names another. */
  migrationsDir: string;
  /** Signs the portal's own access tokens (HS256). */
  sessionSecret: string;
  embeddedIdp: boolean;
  seedDemo: boolean;
  /** Holds `shell/dist` and `remote-<name>/dist`. */
  staticDir: string;
  /** Where the shell finds each remote's mf-manifest.json. */
  remotes: Record<RemoteName, string>;
  reportingHost: string | null;
  /** A dashboard whose data was last refreshed longer ago than this is shown as stale (REPORT_STALE_HOURS). */
  reportStaleHours: number;
  /** How often the refresh history of the reports is read, in minutes; 0: only with the sync (REPORT_REFRESH_MINUTES). */
  reportRefreshMinutes: number;
  /** The reminder job's pass every minute (docs/product.md §14); off only in tests, which run it with their own clock. */
  reminderJob?: boolean;
  projectsUrl: string | null;
  logLevel: LogLevel;
  /** Requests per minute and address on /api and /idp. */
  rateLimitMax: number;
  /**
   * The Power BI Report Server (its portal URL, the REST API being under `/api/v2.0`). Unset: the
   * refresh routes answer 503, except in development where a stand-in report server starts.
   */
  pbirsUrl: string | null;
  /** Basic authentication on the report server; both or neither. */
  pbirsUser: string | null;
  pbirsPassword: string | null;
  /** Things worth a log line once the logger exists (a forced-off setting, say). */
  warnings: string[];
  /** FILES_MAX_SIZE: the largest file Collectmaster accepts, in bytes (default 5 GB). */
  filesMaxSize?: number;
  /** Collectmaster's S3-compatible store (S3_BUCKET set); null or absent: a folder under DATA_DIR. */
  s3?: S3Config | null;
  /**
   * METRICS_PORT: the Prometheus metrics' own listener, on 127.0.0.1 only (default 9464); 0 or
   * absent: no metrics listener.
   */
  metricsPort?: number;
  /** The mail settings (docs/product.md §12); absent: no email is sent (tests that do not need it). */
  mail?: MailConfig;
  /** The browser figures and the automatic roll-back (docs/releasing.md); absent: TELEMETRY_DEFAULTS. */
  telemetry?: TelemetryConfig;
  /** RETENTION_*_DAYS (docs/operations.md); absent: the defaults, and the retention job runs only when asked (tests). */
  retention?: RetentionConfig;
}

/**
 * CLIENT_EVENTS_PER_MINUTE, ROLLBACK_INTERVAL_SECONDS, ROLLBACK_WINDOW_MINUTES, ROLLBACK_MIN_MOUNTS,
 * ROLLBACK_ERROR_RATE, ROLLBACK_STABLE_FACTOR.
 */
export interface TelemetryConfig {
  /** Counted events one person may send per minute to one process (a token bucket holding as many). */
  eventsPerMinute: number;
  /** How often the roll-back job looks at the candidates, in seconds; 0: only when asked (tests). */
  rollbackIntervalSeconds: number;
  /** Each as ROLLBACK_DEFAULTS of @hub/shared/api. */
  rollback: { windowMinutes: number; minMounts: number; errorRate: number; stableFactor: number };
}

export const TELEMETRY_DEFAULTS: TelemetryConfig = {
  eventsPerMinute: 1200,
  rollbackIntervalSeconds: 15,
  rollback: { ...ROLLBACK_DEFAULTS },
};

/** SMTP_URL, MAIL_FROM, SMTP_EMBEDDED_PORT, PORTAL_NAME. */
export interface MailConfig {
  /** smtp:// or smtps:// URL; null: development's embedded SMTP server, or no sending at all outside development. */
  smtpUrl: string | null;
  from: string;
  /** The embedded SMTP server's port on 127.0.0.1 (development without SMTP_URL only). */
  embeddedPort: number;
  /** The name the emails carry. */
  portalName: string;
  /** How often each process looks for emails to send and digests due, in ms; 0: only when asked (tests). */
  workerIntervalMs: number;
}

function parseS3(env: Env): S3Config | null {
  const bucket = read(env, 'S3_BUCKET');
  const endpoint = parseOptionalUrl(env, 'S3_ENDPOINT');
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID') ?? null;
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY') ?? null;
  if (bucket === undefined) {
    if (endpoint !== null) throw new ConfigError('S3_BUCKET', 'is required when S3_ENDPOINT is set');
    return null;
  }
  const region = read(env, 'S3_REGION');
  if (region === undefined) throw new ConfigError('S3_REGION', 'is required when S3_BUCKET is set');
  if (accessKeyId !== null && secretAccessKey === null)
    throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required when S3_ACCESS_KEY_ID is set');
  if (secretAccessKey !== null && accessKeyId === null)
    throw new ConfigError('S3_ACCESS_KEY_ID', 'is required when S3_SECRET_ACCESS_KEY is set');
  return { endpoint, bucket, region, accessKeyId, secretAccessKey };
}

/** METRICS_PORT: 0 turns the metrics off; any other value must differ from PORT. */
function parseMetricsPort(env: Env, port: number): number {
  const metricsPort = parseInteger(env, 'METRICS_PORT', 9464, 0, 65535);
  if (metricsPort !== 0 && metricsPort === port) throw new ConfigError('METRICS_PORT', `must differ from PORT (both ${port})`);
  return metricsPort;
}

/** A configuration value that stops start-up; the message names the variable. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

type Env = Record<string, string | undefined>;

/** An empty value counts as unset: `DATABASE_URL=` is how the e2e set-up asks for PGlite. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function parseBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw new ConfigError(name, `must be true or false (got "${value}")`);
}

function parseInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(number) || number < min || number > max) {
    throw new ConfigError(name, `must be an integer between ${min} and ${max} (got "${value}")`);
  }
  return number;
}

/** A decimal number (0.02, 2.5) between `min` and `max`. */
function parseDecimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || number < min || number > max) {
    throw new ConfigError(name, `must be a number between ${min} and ${max} (got "${value}")`);
  }
  return number;
}

function parseUrl(name: string, value: string, protocols: readonly string[]): string {
  const url = URL.parse(value);
  if (!url || !protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${value}")`);
  }
  return value.replace(/\/+$/, '');
}

function parseSmtpUrl(env: Env): string | null {
  const value = read(env, 'SMTP_URL');
  return value === undefined ? null : parseUrl('SMTP_URL', value, ['smtp:', 'smtps:']);
}

function parseOptionalUrl(env: Env, name: string): string | null {
  const value = read(env, name);
  return value === undefined ? null : parseUrl(name, value, ['https:', 'http:']);
}

/**
 * Reads and checks the configuration from the environment. Pure apart from the development
 * secret kept in DATA_DIR, so a restart keeps the access tokens already handed out valid.
 */
export async function loadConfig(env: Env = process.env): Promise<AppConfig> {
  const warnings: string[] = [];
  const nodeEnvValue = read(env, 'NODE_ENV') ?? 'development';
  if (nodeEnvValue !== 'development' && nodeEnvValue !== 'production' && nodeEnvValue !== 'test') {
    throw new ConfigError('NODE_ENV', `must be development, production or test (got "${nodeEnvValue}")`);
  }
  const nodeEnv: NodeEnv = nodeEnvValue;
  const production = nodeEnv === 'production';

  const port = parseInteger(env, 'PORT', 8080, 0, 65535);
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const publicUrl = parseUrl('PUBLIC_URL', read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`, ['http:', 'https:']);
  if (URL.parse(publicUrl)!.pathname !== '/') throw new ConfigError('PUBLIC_URL', `must be an origin without a path (got "${publicUrl}")`);

  const dataDirValue = read(env, 'DATA_DIR');
  const dataDir = dataDirValue ? resolve(dataDirValue) : resolve(REPO_ROOT, '.data');

  const migrationsDirValue = read(env, 'MIGRATIONS_DIR');

  const databaseUrlValue = read(env, 'DATABASE_URL');
  const databaseUrl = databaseUrlValue === undefined ? null : parseUrl('DATABASE_URL', databaseUrlValue, ['postgres:', 'postgresql:']);

  let sessionSecret = read(env, 'SESSION_SECRET');
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET', `must be at least 32 characters long (got ${sessionSecret.length})`);
  }
  if (sessionSecret === undefined) {
    if (production) throw new ConfigError('SESSION_SECRET', 'is required in production (at least 32 characters)');
    sessionSecret = await readOrCreateSecret(dataDir, 'session-secret', () => randomBytes(48).toString('base64url'));
  }

  let embeddedIdp = parseBoolean(env, 'EMBEDDED_IDP', !production);
  if (production && embeddedIdp) {
    warnings.push('EMBEDDED_IDP is ignored in production: the embedded identity provider and its demo accounts never run there');
    embeddedIdp = false;
  }
  let seedDemo = parseBoolean(env, 'SEED_DEMO', nodeEnv === 'development');
  if (production && seedDemo) {
    warnings.push('SEED_DEMO is ignored in production: demo data is never seeded there');
    seedDemo = false;
  }

  const staticDirValue = read(env, 'STATIC_DIR');
  const staticDir = staticDirValue ? (isAbsolute(staticDirValue) ? staticDirValue : resolve(staticDirValue)) : REPO_ROOT;

  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const variable = `REMOTE_${name.toUpperCase()}_URL`;
    const value = read(env, variable);
    if (value === undefined) remotes[name] = `/remotes/${name}/mf-manifest.json`;
    else remotes[name] = value.startsWith('/') ? value : parseUrl(variable, value, ['http:', 'https:']);
  }

  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  const pbirsUrl = parseOptionalUrl(env, 'PBIRS_URL');
  const pbirsUser = read(env, 'PBIRS_USER') ?? null;
  const pbirsPassword = read(env, 'PBIRS_PASSWORD') ?? null;
  if (pbirsUser !== null && pbirsPassword === null) throw new ConfigError('PBIRS_PASSWORD', 'is required when PBIRS_USER is set');
  if (pbirsPassword !== null && pbirsUser === null) throw new ConfigError('PBIRS_USER', 'is required when PBIRS_PASSWORD is set');
  if (pbirsUser !== null && pbirsUrl?.startsWith('http:') && production) {
    warnings.push('PBIRS_URL is http: the report server password travels unencrypted');
  }

  return {
    port,
    host,
    publicUrl,
    nodeEnv,
    dataDir,
    databaseUrl,
    databaseSchema: null,
    databaseSearchConnections: parseInteger(env, 'DATABASE_SEARCH_CONNECTIONS', SEARCH_CONNECTIONS, 1, 100),
    pgliteStuckSeconds: parseInteger(env, 'PGLITE_STUCK_SECONDS', 30, 0, 24 * 60 * 60),
    pgliteTrace: read(env, 'PGLITE_TRACE') ?? null,
    migrationsDir: migrationsDirValue ? resolve(migrationsDirValue) : MIGRATIONS_DIR,
    sessionSecret,
    embeddedIdp,
    seedDemo,
    staticDir,
    remotes,
    // In development without a report server, the stand-in the portal serves under /dev-report-server (plugins/external/power-bi.ts).
    reportingHost:
      parseOptionalUrl(env, 'REPORTING_HOST') ??
      (nodeEnv === 'development' && pbirsUrl === null ? `${new URL(publicUrl).origin}/dev-report-server` : null),
    reportStaleHours: parseInteger(env, 'REPORT_STALE_HOURS', 24, 1, 24 * 365),
    reportRefreshMinutes: parseInteger(env, 'REPORT_REFRESH_MINUTES', 5, 0, 24 * 60),
    projectsUrl: parseOptionalUrl(env, 'PROJECTS_URL'),
    logLevel: logLevel as LogLevel,
    rateLimitMax: parseInteger(env, 'RATE_LIMIT_MAX', 1000, 1, 1_000_000),
    pbirsUrl,
    pbirsUser,
    pbirsPassword,
    warnings,
    filesMaxSize: parseInteger(env, 'FILES_MAX_SIZE', 5 * 1024 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
    s3: parseS3(env),
    metricsPort: parseMetricsPort(env, port),
    mail: {
      smtpUrl: parseSmtpUrl(env),
      from: read(env, 'MAIL_FROM') ?? `Client hub <no-reply@${new URL(publicUrl).hostname}>`,
      embeddedPort: parseInteger(env, 'SMTP_EMBEDDED_PORT', 2525, 0, 65535),
      portalName: read(env, 'PORTAL_NAME') ?? 'Client hub',
      workerIntervalMs: 1000,
    },
    telemetry: {
      eventsPerMinute: parseInteger(env, 'CLIENT_EVENTS_PER_MINUTE', TELEMETRY_DEFAULTS.eventsPerMinute, 10, 1_000_000),
      rollbackIntervalSeconds: parseInteger(env, 'ROLLBACK_INTERVAL_SECONDS', TELEMETRY_DEFAULTS.rollbackIntervalSeconds, 0, 3600),
      rollback: {
        windowMinutes: parseInteger(env, 'ROLLBACK_WINDOW_MINUTES', ROLLBACK_DEFAULTS.windowMinutes, 1, 24 * 60),
        minMounts: parseInteger(env, 'ROLLBACK_MIN_MOUNTS', ROLLBACK_DEFAULTS.minMounts, 1, 1_000_000),
        errorRate: parseDecimal(env, 'ROLLBACK_ERROR_RATE', ROLLBACK_DEFAULTS.errorRate, 0, 1),
        stableFactor: parseDecimal(env, 'ROLLBACK_STABLE_FACTOR', ROLLBACK_DEFAULTS.stableFactor, 1, 1000),
      },
    },
    retention: parseRetention(
      (name, fallback, min, max) => parseInteger(env, name, fallback, min, max),
      (name) => read(env, name) !== undefined,
      warnings,
    ),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** Makes the checked configuration available as `fastify.config`. */
export default fp<{ config: AppConfig }>(
  async (fastify, { config }) => {
    fastify.decorate('config', config);
    for (const warning of config.warnings) fastify.log.warn(warning);
    // DATA_DIR holds pglite/ (embedded database), files/ (stored files) and secrets/ (development keys).
    await mkdir(join(config.dataDir, 'files'), { recursive: true });
  },
  { name: 'config' },
);
