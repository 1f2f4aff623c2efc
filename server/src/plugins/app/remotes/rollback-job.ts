import fp from 'fastify-plugin';
import { CONFIGURED_RELEASE, NOTIFICATION_EVENT_KIND, type RemoteName } from '@hub/shared/api';
import { runPeriodically } from '../../../lib/periodic-job';
import { rollbackSummary, shouldRollBack, tries } from '../../../lib/remotes/rollback-rule';
import { TELEMETRY_DEFAULTS } from '../../external/config';

/** Held by the process that looks at the candidates, for its transaction: the others skip that pass. */
const ROLLBACK_LOCK = 7_806_860;
/** Where the told people open the remotes' console. */
export const REMOTES_CONSOLE_PATH = '/admin/remotes';
/** The audit's action of an automatic roll-back (item: the stopped release). */
export const AUTOMATIC_ROLLBACK_ACTION = 'remote.rollback';

export interface RolledBack {
  remote: RemoteName;
  version: string;
  /** "7 errors in 31 mounts; stable 1 in 402" */
  summary: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    rollbackJob: {
      /** One pass at `now`: stops each candidate the rule condemns; returns those stopped. */
      run(now?: Date): Promise<RolledBack[]>;
    };
  }
}

interface Candidate {
  remote: RemoteName;
  candidate_id: number;
  candidate_version: string;
  stable_version: string;
  updated_at: Date | string;
}

const minuteOf = (ms: number) => Math.floor(ms / 60_000) * 60_000;

/**
 * The automatic roll-back (docs/releasing.md). Every ROLLBACK_INTERVAL_SECONDS each process writes
 * the counts it gathered, then one of them (an advisory lock held for the pass's transaction; the
 * others skip it) looks at every remote whose candidate reaches someone (a share or companies).
 * Over the last ROLLBACK_WINDOW_MINUTES — for the candidate, only since its roll-out last changed,
 * so a candidate started again is judged on its new figures — the rule of `shouldRollBack` decides.
 * A stopped candidate keeps its version with a share of 0 and no company, in one transaction with
 * its audit line (with its figures) and the notifications of the remote's token owners and the
 * administrators (their email follows their choice for 'releases'); the registry's trigger tells
 * every process.
 */
export default fp(
  async (fastify) => {
    const telemetry = fastify.config.telemetry ?? TELEMETRY_DEFAULTS;
    const thresholds = telemetry.rollback;

    async function run(now: Date = new Date()): Promise<RolledBack[]> {
      await fastify.clientEvents.flush();
      const stopped = await fastify.db.transaction(async (tx) => {
        const { rows: lock } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [ROLLBACK_LOCK]);
        if (!lock[0]?.locked) return [];
        const { rows: candidates } = await tx.query<Candidate>(
          `SELECT ro.remote, c.id AS candidate_id, c.version AS candidate_version,
                  coalesce(s.version, $1) AS stable_version, ro.updated_at
             FROM remote_rollouts ro
             JOIN remote_releases c ON c.id = ro.candidate_release
             LEFT JOIN remote_releases s ON s.id = ro.stable_release
            WHERE ro.candidate_share > 0 OR cardinality(ro.candidate_entities) > 0
            ORDER BY ro.remote
              FOR UPDATE OF ro`,
          [CONFIGURED_RELEASE],
        );
        const windowStart = minuteOf(now.getTime()) - (thresholds.windowMinutes - 1) * 60_000;
        const done: RolledBack[] = [];
        for (const row of candidates) {
          const since = Math.max(windowStart, minuteOf(new Date(row.updated_at).getTime()));
          const candidate = tries(await fastify.clientEvents.figures(tx, row.remote, row.candidate_version, since));
          const stable = tries(await fastify.clientEvents.figures(tx, row.remote, row.stable_version, windowStart));
          if (!shouldRollBack(candidate, stable, thresholds)) continue;
          const summary = rollbackSummary(candidate, stable);
          await tx.query(
            `UPDATE remote_rollouts SET candidate_share = 0, candidate_entities = '{}', updated_at = now() WHERE remote = $1`,
            [row.remote],
          );
          await tx.query(
            `INSERT INTO audit_log (actor_id, action, item_type, item_id, details)
             VALUES (NULL, $1, 'remote-release', $2, $3)`,
            [
              AUTOMATIC_ROLLBACK_ACTION,
              row.candidate_id,
              JSON.stringify({
                remote: row.remote,
                version: row.candidate_version,
                automatic: true,
                figures: summary,
                stable: row.stable_version,
                window_minutes: thresholds.windowMinutes,
              }),
            ],
          );
          // The remote's token owners (their tokens not revoked) and every administrator, once each.
          await tx.query(
            `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path)
             SELECT u.id, $1, 'remote.rolled_back', 'remote-release', $2, $3, $4
               FROM users u
              WHERE 'administrator' = ANY (u.rights)
                 OR u.id IN (SELECT t.created_by FROM remote_release_tokens t WHERE t.remote = $5 AND t.revoked_at IS NULL)`,
            [
              NOTIFICATION_EVENT_KIND['remote.rolled_back'],
              row.candidate_id,
              `${row.remote} ${row.candidate_version}`,
              REMOTES_CONSOLE_PATH,
              row.remote,
            ],
          );
          done.push({ remote: row.remote, version: row.candidate_version, summary });
        }
        return done;
      });
      for (const rolledBack of stopped) fastify.log.warn(rolledBack, 'a remote’s candidate was rolled back automatically');
      if (stopped.length > 0 && fastify.hasDecorator('mail')) fastify.mail.wake();
      return stopped;
    }

    fastify.decorate('rollbackJob', { run });
    if (telemetry.rollbackIntervalSeconds > 0) {
      runPeriodically(fastify, telemetry.rollbackIntervalSeconds * 1000, 'automatic roll-back', () => run(), { atStart: false });
    }
  },
  { name: 'rollback-job', dependencies: ['client-events-repository', 'database', 'config'] },
);
