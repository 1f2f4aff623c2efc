import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import { adminPaths, isAdministrator, isContributor, portalPaths, type DataExport, type ErasureReport } from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { eraseUser } from '../../../lib/data-protection/erase-user';
import { exportEntries, exportTotals } from '../../../lib/data-protection/export-contents';
import { zipStream } from '../../../lib/file-exchange/zip-stream';
import { extendLease, takeLease } from '../../../lib/job-lease';
import { runPeriodically } from '../../../lib/periodic-job';
import { DEFAULT_RETENTION } from '../../../lib/retention/retention-settings';

/** The lease in job_leases: one process builds exports at a time, one export after another. */
export const DATA_EXPORT_LEASE = 'data-exports';
/** A run's lease without renewal; renewed as the progress moves, so a dead process frees it soon. */
const LEASE_SECONDS = 120;
/** How often each process looks for exports left queued (a request also starts its own process's worker). */
const TICK_MS = 30_000;
/** The progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000;
/** A row counts as this many bytes against the files' bytes in the progress. */
const ROW_WEIGHT = 1024;

export interface DataExportRow {
  id: number;
  user_id: number;
  requested_by: number | null;
  state: DataExport['state'];
  progress: number;
  storage_key: string | null;
  size_bytes: string | null;
  created_at: Date;
  expires_at: Date | null;
}

export interface DataExports {
  /** Queues an export of `userId`'s data for `requestedBy`, audited, and wakes the worker: its id. */
  request(session: Session, userId: number): Promise<number>;
  /** The export `id` of `userId` that `requestedBy` asked for, or null. */
  find(id: number, userId: number, requestedBy: number): Promise<DataExportRow | null>;
  /** The export `id` that `requestedBy` asked for, whoever's data it is, or null. */
  findForRequester(id: number, requestedBy: number): Promise<DataExportRow | null>;
  /** May `session` manage `userId`: an administrator anyone, a contributor or more the company in force's people. */
  mayManage(session: Session, userId: number): Promise<boolean>;
  /**
   * Erases `userId` (lib/data-protection/erase-user.ts) with its audit line, in one transaction,
   * then deletes their bytes from the stores: what went and what stayed, or null (no such person).
   */
  erase(session: Session, userId: number): Promise<ErasureReport | null>;
  /** Waits for the worker of this process to finish what it has started (tests, shut-down). */
  drain(): Promise<void>;
  /** One run of the worker now: expired exports removed, then every queued export built. */
  runPending(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dataExports: DataExports;
  }
}

const COLUMNS = 'id, user_id, requested_by, state, progress, storage_key, size_bytes::text AS size_bytes, created_at, expires_at';

/**
 * Exports of a person's data (docs/product.md, "Your data: export and erasure"): a request queues a
 * row of data_exports; the worker, under the 'data-exports' lease, builds each queued export as a
 * zip streamed into the file store (rows read by keyset cursor, files streamed from the store:
 * memory stays flat whatever the person's history), writes its progress as it goes, and when done
 * tells the one who asked in the notification centre ('export.ready'). A ready export is offered for
 * RETENTION_EXPORTS_DAYS, then its zip is deleted.
 */
export default fp(
  async (fastify) => {
    const { db } = fastify;
    const store = fastify.exchangeStore;
    const exportsDays = (fastify.config.retention ?? DEFAULT_RETENTION).exportsDays;
    const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
    let running: Promise<void> | null = null;
    let again = false;

    async function holdLease(): Promise<void> {
      if (!(await extendLease(db, DATA_EXPORT_LEASE, holder, LEASE_SECONDS))) throw new Error('data export lease lost');
    }

    async function removeExpired(): Promise<void> {
      const { rows } = await db.query<{ id: number; storage_key: string }>(
        "SELECT id, storage_key FROM data_exports WHERE state = 'ready' AND expires_at < now() ORDER BY expires_at LIMIT 100",
      );
      for (const row of rows) {
        await store.delete(row.storage_key);
        await db.query("UPDATE data_exports SET state = 'expired', storage_key = NULL WHERE id = $1 AND state = 'ready'", [row.id]);
      }
      if (rows.length > 0) fastify.log.info({ exports: rows.length }, 'data exports: expired zips deleted');
    }

    async function build(id: number): Promise<void> {
      const { rows } = await db.query<{ user_id: number; requested_by: number | null }>(
        "UPDATE data_exports SET state = 'running', progress = 0 WHERE id = $1 AND state IN ('queued', 'running') RETURNING user_id, requested_by",
        [id],
      );
      const row = rows[0];
      if (!row) return;
      const key = `dx-${randomUUID()}.zip`;
      try {
        const totals = await exportTotals(db, row.user_id);
        const whole = Math.max(1, totals.rows * ROW_WEIGHT + totals.bytes);
        let done = 0;
        let lastWrite = Date.now();
        let writing: Promise<unknown> = Promise.resolve();
        const moved = (units: number) => {
          done += units;
          if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
          lastWrite = Date.now();
          const percent = Math.min(99, Math.floor((done * 100) / whole));
          // One write at a time, chained: the zip never waits for it.
          writing = writing.then(() => db.query('UPDATE data_exports SET progress = $2 WHERE id = $1', [id, percent])).then(holdLease);
        };
        const entries = exportEntries(db, { exchange: store, images: fastify.imageStore }, row.user_id, {
          rows: (n) => moved(n * ROW_WEIGHT),
          bytes: (n) => moved(n),
        });
        const { size } = await store.put(key, Readable.from(zipStream(entries), { objectMode: false }));
        await writing;
        await db.transaction(async (tx) => {
          await tx.query(
            `UPDATE data_exports SET state = 'ready', progress = 100, storage_key = $2, size_bytes = $3, finished_at = now(),
                    expires_at = now() + make_interval(days => $4) WHERE id = $1`,
            [id, key, size, exportsDays],
          );
          if (row.requested_by !== null) await notifyReady(tx, id, row.user_id, row.requested_by);
        });
      } catch (error) {
        await store.delete(key).catch(() => undefined);
        await db.query("UPDATE data_exports SET state = 'failed', error = $2, finished_at = now() WHERE id = $1", [
          id,
          String((error as Error).message ?? error).slice(0, 500),
        ]);
        fastify.log.error({ err: error, export: id }, 'data export failed');
      }
    }

    /** The one who asked is told; their own export opens their profile, another's the users console. */
    async function notifyReady(tx: Queryable, id: number, userId: number, requestedBy: number): Promise<void> {
      await tx.query(
        `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path)
         VALUES ($1, 'exports', 'export.ready', 'data-export', $2, '', $3)`,
        [requestedBy, id, userId === requestedBy ? portalPaths.profile : adminPaths.user(userId)],
      );
    }

    async function work(): Promise<void> {
      if (!(await takeLease(db, DATA_EXPORT_LEASE, holder, LEASE_SECONDS))) return;
      try {
        await removeExpired();
        for (;;) {
          // Holding the lease, a row still 'running' was left by a process that died: built again.
          const { rows } = await db.query<{ id: number }>(
            "SELECT id FROM data_exports WHERE state IN ('queued', 'running') ORDER BY id LIMIT 1",
          );
          if (!rows[0]) break;
          await build(rows[0].id);
          await holdLease();
        }
      } finally {
        await db
          .query('UPDATE job_leases SET until = now() WHERE name = $1 AND holder = $2', [DATA_EXPORT_LEASE, holder])
          .catch(() => undefined);
      }
    }

    function wake(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await work().catch((error: unknown) => fastify.log.error({ err: error }, 'data export worker failed'));
        } while (again);
      })().finally(() => (running = null));
      return running;
    }

    const dataExports: DataExports = {
      async request(session, userId) {
        const id = await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>('INSERT INTO data_exports (user_id, requested_by) VALUES ($1, $2) RETURNING id', [
            userId,
            session.actor.id,
          ]);
          const exportId = rows[0]!.id;
          await fastify.auditRepository.record(
            session,
            { action: 'user.export-data', itemType: 'user', itemId: userId, details: { export_id: exportId } },
            tx,
          );
          return exportId;
        });
        void wake();
        return id;
      },
      async find(id, userId, requestedBy) {
        const { rows } = await db.query<DataExportRow>(
          `SELECT ${COLUMNS} FROM data_exports WHERE id = $1 AND user_id = $2 AND requested_by = $3`,
          [id, userId, requestedBy],
        );
        return rows[0] ?? null;
      },
      async findForRequester(id, requestedBy) {
        const { rows } = await db.query<DataExportRow>(`SELECT ${COLUMNS} FROM data_exports WHERE id = $1 AND requested_by = $2`, [
          id,
          requestedBy,
        ]);
        return rows[0] ?? null;
      },
      async mayManage(session, userId) {
        if (isAdministrator(session.rights)) {
          const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1 AND erased_at IS NULL', [userId]);
          return rows.length === 1;
        }
        if (!isContributor(session.rights) || session.entityId === null) return false;
        const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1 AND entity_id = $2 AND erased_at IS NULL', [
          userId,
          session.entityId,
        ]);
        return rows.length === 1;
      },
      async erase(session, userId) {
        const erased = await db.transaction(async (tx) => {
          const done = await eraseUser(tx, userId);
          // The line keeps that an erasure happened, by whom and what it removed; never whom it erased.
          if (done) {
            await fastify.auditRepository.record(
              session,
              { action: 'user.erase', itemType: 'user', itemId: userId, details: done.report },
              tx,
            );
          }
          return done;
        });
        if (!erased) return null;
        // After the commit: bytes that fail to go are logged; no row points at them any more.
        const stored = [
          { from: store, keys: erased.bytes.exchange },
          { from: fastify.imageStore, keys: erased.bytes.images },
        ];
        for (const { from, keys } of stored) {
          for (const key of keys) {
            await from.delete(key).catch((error: unknown) => fastify.log.error({ err: error, key }, 'erasure: stored bytes not deleted'));
          }
        }
        return erased.report;
      },
      drain: async () => {
        while (running) await running;
      },
      runPending: () => wake(),
    };
    fastify.decorate('dataExports', dataExports);
    runPeriodically(fastify, TICK_MS, 'data export worker', () => wake());
    // A request's own run too: closing waits for the export being built (the lease is then freed).
    fastify.addHook('onClose', () => dataExports.drain());
  },
  { name: 'data-exports', dependencies: ['config', 'database', 'exchange-store', 'image-store', 'audit-repository'] },
);
