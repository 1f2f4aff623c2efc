/**
 * How long the portal keeps what grows for ever (docs/operations.md, "Retention"): one setting per
 * kind, in days, each at least RETENTION_FLOOR_DAYS. Read by config.ts like every other setting.
 */
export interface RetentionConfig {
  /** RETENTION_AUDIT_DAYS: audit lines. */
  auditDays: number;
  /** RETENTION_NOTIFICATIONS_DAYS: notifications read this long ago (unread ones are kept). */
  notificationsDays: number;
  /** RETENTION_EMAILS_DAYS: the records of sent emails, and the messages the embedded SMTP server received. */
  emailsDays: number;
  /** RETENTION_LIVE_EVENTS_DAYS: live events (a stream replays the last day's only). */
  liveEventsDays: number;
  /** RETENTION_EXPORTS_DAYS: finished exports of a person's data, offered for download this long. */
  exportsDays: number;
  /** How often the retention job runs, in ms, across all processes; 0: only when asked (tests). */
  everyMs: number;
}

/** No retention setting may be shorter than a day: live events are replayed for a day. */
export const RETENTION_FLOOR_DAYS = 1;
const RETENTION_MAX_DAYS = 36_500;
export const RETENTION_EVERY_MS = 60 * 60 * 1000;

export const RETENTION_SETTINGS = [
  { variable: 'RETENTION_AUDIT_DAYS', key: 'auditDays', fallback: 400 },
  { variable: 'RETENTION_NOTIFICATIONS_DAYS', key: 'notificationsDays', fallback: 90 },
  { variable: 'RETENTION_EMAILS_DAYS', key: 'emailsDays', fallback: 30 },
  { variable: 'RETENTION_LIVE_EVENTS_DAYS', key: 'liveEventsDays', fallback: 7 },
  { variable: 'RETENTION_EXPORTS_DAYS', key: 'exportsDays', fallback: 7 },
] as const;

/** The defaults, for a configuration that names none (tests): the job then runs only when asked. */
export const DEFAULT_RETENTION: RetentionConfig = {
  ...(Object.fromEntries(RETENTION_SETTINGS.map((s) => [s.key, s.fallback])) as Omit<RetentionConfig, 'everyMs'>),
  everyMs: 0,
};

/**
 * Reads the retention settings with `readInteger` (config.ts's: a value out of range stops start-up
 * naming the variable). MAIL_RETENTION_DAYS, the older setting of sent emails and read
 * notifications, still counts where the new variables are not set, with a warning.
 */
export function parseRetention(
  readInteger: (name: string, fallback: number, min: number, max: number) => number,
  isSet: (name: string) => boolean,
  warnings: string[],
): RetentionConfig {
  const legacy = isSet('MAIL_RETENTION_DAYS') ? readInteger('MAIL_RETENTION_DAYS', 0, RETENTION_FLOOR_DAYS, RETENTION_MAX_DAYS) : null;
  if (legacy !== null) {
    warnings.push(
      'MAIL_RETENTION_DAYS is replaced by RETENTION_EMAILS_DAYS and RETENTION_NOTIFICATIONS_DAYS: it applies only where they are not set',
    );
  }
  const config = { everyMs: RETENTION_EVERY_MS } as RetentionConfig;
  for (const { variable, key, fallback } of RETENTION_SETTINGS) {
    const inherited = legacy !== null && (key === 'emailsDays' || key === 'notificationsDays') ? legacy : fallback;
    config[key] = readInteger(variable, inherited, RETENTION_FLOOR_DAYS, RETENTION_MAX_DAYS);
  }
  return config;
}
