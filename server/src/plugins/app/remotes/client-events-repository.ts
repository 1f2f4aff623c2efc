import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { CONFIGURED_RELEASE, type ClientEvent, type ClientEventKind, type RemoteName } from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import { runPeriodically } from '../../../lib/periodic-job';
import { TokenBuckets } from '../../../lib/token-buckets';
import { TELEMETRY_DEFAULTS } from '../../external/config';

/** How often each process writes the counts it gathered (one statement), and reads the registered releases again. */
export const CLIENT_EVENTS_FLUSH_MS = 5_000;
/** How often a process removes the counts older than COUNTS_KEPT_HOURS (one statement; any process may). */
const PURGE_EVERY_MS = 60 * 60_000;
/** The counts are kept this long: the console shows the last day, the roll-back reads minutes. */
export const COUNTS_KEPT_HOURS = 48;
/**
 * The most (minute, remote, release, kind) keys held between two writes. Only registered releases
 * are held, so this is never reached in practice; past it, new keys wait for the next write.
 */
const MAX_PENDING_KEYS = 10_000;

/** A release's figures over a window: mounts, load failures, and errors of every kind (load failures included). */
export interface WindowFigures {
  mounts: number;
  loadFailures: number;
  errors: number;
}

export interface ClientEventsRepository {
  /**
   * Counts a checked batch in memory: the events of registered releases (or CONFIGURED_RELEASE),
   * each in its minute of `now`. Returns how many events were kept; the others are dropped.
   */
  add(events: readonly ClientEvent[], now?: Date): number;
  /** Writes what was counted since the last write (one upsert) and reads the registered releases again. */
  flush(): Promise<void>;
  /** Removes the counts older than COUNTS_KEPT_HOURS before `now`. */
  purge(now?: Date): Promise<number>;
  /** One release's figures since `since` (ms, a minute's start), read through `q` (the caller's transaction). */
  figures(q: Queryable, remote: RemoteName, version: string, since: number): Promise<WindowFigures>;
  /** Each person's budget of counted events on this process (CLIENT_EVENTS_PER_MINUTE). */
  readonly budget: TokenBuckets<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    clientEvents: ClientEventsRepository;
  }
}

const SEPARATOR = '\u0000';
const releaseKey = (remote: string, version: string) => `${remote}${SEPARATOR}${version}`;

/**
 * The browser figures (docs/releasing.md): POST /api/client-events hands each batch to `add`, which
 * sums it in memory per (minute, remote, release, kind); every CLIENT_EVENTS_FLUSH_MS (and when the
 * app closes) one upsert adds the sums to `remote_client_counts`, so a heavy flow of events costs a
 * statement every few seconds. A write that fails puts its sums back for the next one.
 *
 * Prometheus's `hub_remote_mounts_total{remote,release}` and
 * `hub_remote_errors_total{remote,release,kind}` count the events this process accepted, as
 * counters do: each process's series only grows, and `sum by (remote, release)` over the processes
 * gives the portal's. The table's figures, which the console and the roll-back read, are the
 * portal's already; they are not a counter (old minutes are removed).
 */
export default fp(
  async (fastify) => {
    const { db } = fastify;
    const telemetry = fastify.config.telemetry ?? TELEMETRY_DEFAULTS;
    const budget = new TokenBuckets<number>(telemetry.eventsPerMinute);

    let registered = new Set<string>();
    async function readReleases(): Promise<void> {
      const { rows } = await db.query<{ remote: string; version: string }>('SELECT remote, version FROM remote_releases', [], {
        prepare: true,
      });
      registered = new Set(rows.map((row) => releaseKey(row.remote, row.version)));
    }
    const isRegistered = (remote: string, version: string) => version === CONFIGURED_RELEASE || registered.has(releaseKey(remote, version));

    const mounts = new Counter({
      name: 'hub_remote_mounts_total',
      help: 'Remote mounts reported by browsers to this process, by remote and release (registered releases only)',
      labelNames: ['remote', 'release'] as const,
      registers: [fastify.metrics.registry],
    });
    const errors = new Counter({
      name: 'hub_remote_errors_total',
      help: 'Remote errors reported by browsers to this process, by remote, release and kind (load-failure, boundary, unhandled)',
      labelNames: ['remote', 'release', 'kind'] as const,
      registers: [fastify.metrics.registry],
    });

    /** `minute(ms)|remote|version|kind` → count. */
    let pending = new Map<string, number>();
    const addPending = (key: string, count: number): boolean => {
      const held = pending.get(key);
      if (held === undefined && pending.size >= MAX_PENDING_KEYS) return false;
      pending.set(key, (held ?? 0) + count);
      return true;
    };

    const repository: ClientEventsRepository = {
      budget,
      add(events, now = new Date()) {
        const minute = Math.floor(now.getTime() / 60_000) * 60_000;
        let kept = 0;
        for (const event of events) {
          if (!isRegistered(event.remote, event.version)) continue;
          if (!addPending([minute, event.remote, event.version, event.kind].join(SEPARATOR), event.count)) continue;
          kept++;
          if (event.kind === 'mount') mounts.inc({ remote: event.remote, release: event.version }, event.count);
          else errors.inc({ remote: event.remote, release: event.version, kind: event.kind }, event.count);
        }
        return kept;
      },

      async flush() {
        const batch = pending;
        pending = new Map();
        if (batch.size > 0) {
          const columns: [string[], string[], string[], string[], number[]] = [[], [], [], [], []];
          for (const [key, count] of batch) {
            const [minute, remote, version, kind] = key.split(SEPARATOR) as [string, string, string, ClientEventKind];
            columns[0].push(new Date(Number(minute)).toISOString());
            columns[1].push(remote);
            columns[2].push(version);
            columns[3].push(kind);
            columns[4].push(count);
          }
          try {
            // The release is checked again here: the table only ever holds registered releases.
            await db.query(
              `INSERT INTO remote_client_counts (minute, remote, version, kind, count)
               SELECT i.minute, i.remote, i.version, i.kind, i.count
                 FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::bigint[]) AS i (minute, remote, version, kind, count)
                WHERE i.version = $6
                   OR EXISTS (SELECT 1 FROM remote_releases r WHERE r.remote = i.remote AND r.version = i.version)
               ON CONFLICT (remote, version, minute, kind) DO UPDATE SET count = remote_client_counts.count + EXCLUDED.count`,
              [...columns, CONFIGURED_RELEASE],
            );
          } catch (error) {
            for (const [key, count] of batch) addPending(key, count);
            throw error;
          }
        }
        budget.sweep();
        await readReleases();
      },

      async purge(now = new Date()) {
        const { rows } = await db.query<{ n: number }>(
          `WITH gone AS (DELETE FROM remote_client_counts WHERE minute < $1::timestamptz - make_interval(hours => $2) RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          [now.toISOString(), COUNTS_KEPT_HOURS],
        );
        return rows[0]?.n ?? 0;
      },

      async figures(q, remote, version, since) {
        const { rows } = await q.query<{ mounts: number; load_failures: number; errors: number }>(
          `SELECT coalesce(sum(count) FILTER (WHERE kind = 'mount'), 0)::int AS mounts,
                  coalesce(sum(count) FILTER (WHERE kind = 'load-failure'), 0)::int AS load_failures,
                  coalesce(sum(count) FILTER (WHERE kind <> 'mount'), 0)::int AS errors
             FROM remote_client_counts
            WHERE remote = $1 AND version = $2 AND minute >= $3`,
          [remote, version, new Date(since).toISOString()],
        );
        const row = rows[0]!;
        return { mounts: row.mounts, loadFailures: row.load_failures, errors: row.errors };
      },
    };
    fastify.decorate('clientEvents', repository);

    fastify.addHook('onReady', readReleases);
    runPeriodically(fastify, CLIENT_EVENTS_FLUSH_MS, 'client events flush', () => repository.flush(), { atStart: false });
    runPeriodically(fastify, PURGE_EVERY_MS, 'client events purge', () => repository.purge());
    // What was counted since the last write is written before the database closes.
    fastify.addHook('onClose', async () => {
      await repository.flush().catch((error: unknown) => fastify.log.error({ err: error }, 'client events flush failed'));
    });
  },
  { name: 'client-events-repository', dependencies: ['config', 'database', 'metrics'] },
);
