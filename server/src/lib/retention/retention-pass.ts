import type { Db } from '../../db/db';
import { extendLease, takeLease } from '../job-lease';
import type { RetentionConfig } from './retention-settings';

/** Rows deleted per statement: each statement holds its row locks only for its own short time. */
export const RETENTION_BATCH = 1000;
/** A pause between two batches, so that the job leaves the database to people between them. */
export const RETENTION_PAUSE_MS = 50;
/** The lease's name in job_leases (migration 0106). */
export const RETENTION_LEASE = 'retention';
/** How long a run's lease lasts without renewal: a process that died mid-run frees it after this. */
const LEASE_SECONDS = 600;

/** What the job removes: a table, the kind named in the metrics, its date column and its setting. */
export const RETENTION_TABLES = [
  { kind: 'audit_log', table: 'audit_log', at: 'at', where: 'TRUE', days: 'auditDays' },
  { kind: 'notifications', table: 'notifications', at: 'read_at', where: 'read_at IS NOT NULL', days: 'notificationsDays' },
  { kind: 'mail_outbox', table: 'mail_outbox', at: 'sent_at', where: "state = 'sent'", days: 'emailsDays' },
  { kind: 'mail_received', table: 'mail_received', at: 'received_at', where: 'TRUE', days: 'emailsDays' },
  { kind: 'live_events', table: 'live_events', at: 'created_at', where: 'TRUE', days: 'liveEventsDays' },
] as const;

export type RetentionKind = (typeof RETENTION_TABLES)[number]['kind'];

export interface RetentionRun {
  /** False: another process holds the lease (running, or ran less than an interval ago). */
  ran: boolean;
  deleted: Partial<Record<RetentionKind, number>>;
  /** The statements that deleted rows, each at most RETENTION_BATCH. */
  batches: number;
}

export interface RetentionOptions {
  /** The time the limits count back from. */
  now: Date;
  /** Who runs it (a process's own id): the lease's holder. */
  holder: string;
  /** After a finished run, the lease is kept this long: the next run, on any process, waits for it. */
  keepMs: number;
  batchSize?: number;
  pauseMs?: number;
  /** Hears each batch's deletions as they happen (the metrics). */
  onDeleted?: (kind: RetentionKind, rows: number) => void;
  /** Ends the pass between two batches (a process shutting down, a bench's window closing). */
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One pass of the retention job: under the lease, deletes each kind's rows older than its setting,
 * oldest first in batches of RETENTION_BATCH (keyset on the date index: each statement finds its
 * rows by the index and deletes them by primary key), pausing between batches. Each batch is its own
 * statement and transaction, so no lock outlives it.
 */
export async function runRetentionPass(db: Db, settings: RetentionConfig, options: RetentionOptions): Promise<RetentionRun> {
  const batchSize = options.batchSize ?? RETENTION_BATCH;
  const pauseMs = options.pauseMs ?? RETENTION_PAUSE_MS;
  const run: RetentionRun = { ran: false, deleted: {}, batches: 0 };
  if (!(await takeLease(db, RETENTION_LEASE, options.holder, LEASE_SECONDS))) return run;
  run.ran = true;
  let held = true;
  try {
    for (const { kind, table, at, where, days } of RETENTION_TABLES) {
      const before = new Date(options.now.getTime() - settings[days] * 86_400_000).toISOString();
      run.deleted[kind] = 0;
      for (;;) {
        if (options.signal?.aborted) return run;
        const { rows } = await db.query<{ n: number }>(
          `WITH gone AS (
             DELETE FROM ${table} WHERE id IN (
               SELECT id FROM ${table} WHERE ${where} AND ${at} < $1::timestamptz ORDER BY ${at}, id LIMIT ${batchSize})
             RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          [before],
        );
        const n = rows[0]?.n ?? 0;
        if (n > 0) {
          run.batches += 1;
          run.deleted[kind] += n;
          options.onDeleted?.(kind, n);
        }
        if (n < batchSize) break;
        held = await extendLease(db, RETENTION_LEASE, options.holder, LEASE_SECONDS);
        if (!held) return run;
        if (pauseMs > 0) await sleep(pauseMs);
      }
    }
  } finally {
    // Kept until the next run is due, so that however many processes run, one run per interval.
    if (held) await extendLease(db, RETENTION_LEASE, options.holder, Math.max(0, options.keepMs / 1000)).catch(() => undefined);
  }
  return run;
}
