import { randomBytes } from 'node:crypto';
import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import {
  CLIENT_ERROR_KINDS,
  CONFIGURED_RELEASE,
  RELEASE_TOKEN_PREFIX,
  REMOTE_MESSAGES,
  REMOTE_NAMES,
  type ReleaseFigures,
  type ReleaseTokenCreate,
  type ReleaseTokenCreated,
  type RemoteName,
  type RemoteStatus,
  type RolloutUpdate,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { naming } from '../../../lib/http/field-errors';
import { iso } from '../../../lib/iso';
import { getsCandidate } from '../../../lib/remotes/release-assignment';
import { hashToken, type ReleaseTokenUse } from '../../../lib/remotes/release-token';
import { runPeriodically } from '../../../lib/periodic-job';

/** The channel of migration 0097's triggers: a release or a roll-out changed, whoever wrote it. */
export const REMOTES_CHANNEL = 'hub_remotes';
/** While the LISTEN connection is lost, the registry is read again this often (a change is seen within 5 s). */
export const REGISTRY_REREAD_MS = 2_000;
/**
 * The console shows each remote's newest releases (and always its stable one and its candidate),
 * and its tokens but those revoked more than 30 days ago: the answer does not grow with the years.
 */
export const RELEASES_SHOWN = 20;
/** A release's last_given_at is written at most this often (its files are kept 7 days past it). */
export const LAST_GIVEN_FLUSH_MS = 60_000;

/** Who writes to the registry: a signed-in administrator, or a team's release token. */
export type RegistryCaller = { session: Session; token?: undefined } | { token: ReleaseTokenUse; session?: undefined };

/** What a person is given of one remote: its manifest and the release's version. */
export interface GivenRelease {
  entry: string;
  version: string;
}

export interface ReleaseInput {
  version: string;
  /** As the caller gave it: a relative URL stays relative (the portal's own origin). */
  manifest_url: string;
  contract_version: number;
  note: string;
}

export interface RemotesRepository {
  /**
   * The release of `remote` a person gets (the displayed person under display-as): from the
   * registry as this process holds it (no query), the candidate when the person falls in its reach.
   */
  releaseFor(remote: RemoteName, person: { id: number; entityId: number | null }): GivenRelease;
  /** The origins of the registered releases' manifests (the content security policy allows them). */
  origins(): readonly string[];
  /** Reads the registry again (after a write of this process; on a notification of another). */
  reload(): Promise<void>;
  /** Every remote with its newest releases (RELEASES_SHOWN), their figures, its roll-out and its tokens (the console). */
  status(remote?: RemoteName): Promise<RemoteStatus[]>;
  /** 409 when the version exists. Audited. */
  createRelease(remote: RemoteName, release: ReleaseInput, caller: RegistryCaller): Promise<void>;
  /** Start, move, promote or stop (RolloutUpdateSchema); 404 for a version not registered. Audited. */
  updateRollout(remote: RemoteName, update: RolloutUpdate, caller: RegistryCaller): Promise<void>;
  /** A new token: its text is returned this once, only its SHA-256 is kept. Audited. */
  createToken(remote: RemoteName, body: ReleaseTokenCreate, session: Session): Promise<ReleaseTokenCreated>;
  /** False when the remote has no such token. Revoking twice keeps the first date. Audited. */
  revokeToken(remote: RemoteName, id: number, session: Session): Promise<boolean>;
  /** The token's use, its last use set to now; null when unknown or revoked. */
  useToken(token: string): Promise<ReleaseTokenUse | null>;
  /** The audit line of one uploaded release file (the upload itself is the store's). */
  recordUpload(remote: RemoteName, upload: { version: string; path: string; size: number }, caller: RegistryCaller): Promise<void>;
  /** Whether a version of the remote is registered (the file uploads go only to a registered or coming release). */
  releaseExists(remote: RemoteName, version: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    remotesRepository: RemotesRepository;
  }
}

interface Held {
  stable: (GivenRelease & { id: number }) | null;
  candidate: (GivenRelease & { id: number; share: number; entities: ReadonlySet<number> }) | null;
}

interface RolloutRow {
  remote: string;
  stable_id: number | null;
  stable_version: string | null;
  stable_url: string | null;
  candidate_id: number | null;
  candidate_version: string | null;
  candidate_url: string | null;
  candidate_share: number;
  candidate_entities: number[];
}

const ROLLOUTS_SQL = `SELECT o.remote, s.id AS stable_id, s.version AS stable_version, s.manifest_url AS stable_url,
        c.id AS candidate_id, c.version AS candidate_version, c.manifest_url AS candidate_url,
        o.candidate_share, o.candidate_entities
   FROM remote_rollouts o
   LEFT JOIN remote_releases s ON s.id = o.stable_release
   LEFT JOIN remote_releases c ON c.id = o.candidate_release`;

const personName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const noFigures = (): ReleaseFigures => ({ mounts: 0, errors: 0 });

/** The audit line of a registry write: the person, or (a token's use) no person and the token named. */
async function audit(
  fastify: { auditRepository: { record(session: Session, event: object, db?: Queryable): Promise<void> } },
  tx: Queryable,
  caller: RegistryCaller,
  event: { action: string; itemType: string; itemId: number | null; details: Record<string, unknown> },
): Promise<void> {
  if (caller.session) {
    await fastify.auditRepository.record(caller.session, event, tx);
    return;
  }
  await tx.query(
    `INSERT INTO audit_log (actor_id, display_as_user_id, action, item_type, item_id, details) VALUES (NULL, NULL, $1, $2, $3, $4)`,
    [
      event.action,
      event.itemType,
      event.itemId,
      JSON.stringify({ ...event.details, token: { id: caller.token.id, label: caller.token.label } }),
    ],
  );
}

export default fp(
  async (fastify) => {
    const { db, config } = fastify;
    let held = new Map<RemoteName, Held>();
    let origins: readonly string[] = [];
    /** Releases given since the last flush of last_given_at. */
    const given = new Set<number>();

    const load = async () => {
      const [{ rows }, { rows: urls }] = await Promise.all([
        db.query<RolloutRow>(ROLLOUTS_SQL),
        db.query<{ manifest_url: string }>(`SELECT DISTINCT manifest_url FROM remote_releases WHERE manifest_url ~* '^https?://'`),
      ]);
      const next = new Map<RemoteName, Held>();
      for (const row of rows) {
        if (!(REMOTE_NAMES as readonly string[]).includes(row.remote)) continue;
        next.set(row.remote as RemoteName, {
          stable: row.stable_id === null ? null : { id: row.stable_id, entry: row.stable_url!, version: row.stable_version! },
          candidate:
            row.candidate_id === null
              ? null
              : {
                  id: row.candidate_id,
                  entry: row.candidate_url!,
                  version: row.candidate_version!,
                  share: row.candidate_share,
                  entities: new Set(row.candidate_entities),
                },
        });
      }
      const nextOrigins = [
        ...new Set(urls.map((row) => URL.parse(row.manifest_url)?.origin).filter((origin) => origin !== undefined)),
      ].sort();
      held = next;
      if (nextOrigins.join(' ') !== origins.join(' ')) {
        origins = nextOrigins;
        fastify.contentSecurity.allowRegistry(origins);
      }
    };

    // One read at a time; a change heard during a read is read again after it.
    let loading: Promise<void> | null = null;
    let queued: Promise<void> | null = null;
    const reload = (): Promise<void> => {
      if (!loading) {
        loading = load().finally(() => (loading = null));
        return loading;
      }
      queued ??= loading
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return reload();
        });
      return queued;
    };

    await reload();
    let safety: NodeJS.Timeout | null = null;
    const stopSafety = () => {
      if (safety) clearInterval(safety);
      safety = null;
    };
    const reread = () => reload().catch((error: unknown) => fastify.log.error({ err: error }, 'reading the remotes registry failed'));
    const unlisten = await db.listen(
      REMOTES_CHANNEL,
      () => void reread(),
      (listening) => {
        if (listening) {
          stopSafety();
          void reread();
        } else if (!safety) {
          fastify.log.warn('remotes registry channel lost: the registry is read again every few seconds until it is back');
          safety = setInterval(() => void reread(), REGISTRY_REREAD_MS);
          safety.unref();
        }
      },
    );

    const flushGiven = async () => {
      if (given.size === 0) return;
      const ids = [...given];
      given.clear();
      await db.query('UPDATE remote_releases SET last_given_at = now() WHERE id = ANY($1::int[])', [ids]);
    };
    runPeriodically(fastify, LAST_GIVEN_FLUSH_MS, 'writing when releases were last given', flushGiven, { atStart: false });

    fastify.addHook('onClose', async () => {
      stopSafety();
      await unlisten();
      await flushGiven().catch(() => undefined);
    });

    const releaseId = async (tx: Queryable, remote: RemoteName, version: string) => {
      const { rows } = await tx.query<{ id: number }>('SELECT id FROM remote_releases WHERE remote = $1 AND version = $2', [
        remote,
        version,
      ]);
      return rows[0]?.id ?? null;
    };

    const figures = async () => {
      const errorKinds = [...CLIENT_ERROR_KINDS];
      const [{ rows: totals }, { rows: minutes }] = await Promise.all([
        db.query<{ remote: string; version: string; hour_mounts: string; hour_errors: string; day_mounts: string; day_errors: string }>(
          `SELECT remote, version,
                  COALESCE(sum(count) FILTER (WHERE kind = 'mount' AND minute >= now() - interval '1 hour'), 0) AS hour_mounts,
                  COALESCE(sum(count) FILTER (WHERE kind = ANY($1::text[]) AND minute >= now() - interval '1 hour'), 0) AS hour_errors,
                  COALESCE(sum(count) FILTER (WHERE kind = 'mount'), 0) AS day_mounts,
                  COALESCE(sum(count) FILTER (WHERE kind = ANY($1::text[])), 0) AS day_errors
             FROM remote_client_counts WHERE minute >= now() - interval '1 day' GROUP BY remote, version`,
          [errorKinds],
        ),
        db.query<{ remote: string; version: string; slot: number; mounts: string; errors: string }>(
          `SELECT remote, version,
                  (extract(epoch FROM minute - (date_trunc('minute', now()) - interval '59 minutes')) / 60)::int AS slot,
                  COALESCE(sum(count) FILTER (WHERE kind = 'mount'), 0) AS mounts,
                  COALESCE(sum(count) FILTER (WHERE kind = ANY($1::text[])), 0) AS errors
             FROM remote_client_counts WHERE minute >= date_trunc('minute', now()) - interval '59 minutes'
            GROUP BY remote, version, minute`,
          [errorKinds],
        ),
      ]);
      const key = (remote: string, version: string) => `${remote}\u0000${version}`;
      const byRelease = new Map<string, { hour: ReleaseFigures; day: ReleaseFigures; minutes: ReleaseFigures[] }>();
      const of = (remote: string, version: string) => {
        let entry = byRelease.get(key(remote, version));
        if (!entry) {
          entry = { hour: noFigures(), day: noFigures(), minutes: Array.from({ length: 60 }, noFigures) };
          byRelease.set(key(remote, version), entry);
        }
        return entry;
      };
      for (const row of totals) {
        const entry = of(row.remote, row.version);
        entry.hour = { mounts: Number(row.hour_mounts), errors: Number(row.hour_errors) };
        entry.day = { mounts: Number(row.day_mounts), errors: Number(row.day_errors) };
      }
      for (const row of minutes) {
        if (row.slot < 0 || row.slot > 59) continue;
        of(row.remote, row.version).minutes[row.slot] = { mounts: Number(row.mounts), errors: Number(row.errors) };
      }
      return (remote: string, version: string) => byRelease.get(key(remote, version)) ?? of(remote, version);
    };

    const repository: RemotesRepository = {
      releaseFor(remote, person) {
        const entry = held.get(remote);
        const candidate = entry?.candidate;
        if (candidate && getsCandidate(person, remote, candidate)) {
          given.add(candidate.id);
          return { entry: candidate.entry, version: candidate.version };
        }
        if (entry?.stable) {
          given.add(entry.stable.id);
          return { entry: entry.stable.entry, version: entry.stable.version };
        }
        return { entry: config.remotes[remote], version: CONFIGURED_RELEASE };
      },

      origins: () => origins,
      reload,

      async status(only) {
        const names = only ? [only] : [...REMOTE_NAMES];
        const [{ rows: rollouts }, { rows: releases }, { rows: tokens }, figuresOf] = await Promise.all([
          db.query<RolloutRow>(`${ROLLOUTS_SQL} WHERE o.remote = ANY($1::text[])`, [names]),
          db.query<{
            remote: string;
            version: string;
            manifest_url: string;
            contract_version: number;
            note: string;
            released_at: Date | string;
            user_id: number | null;
            first_name: string | null;
            last_name: string | null;
            token_id: number | null;
            token_label: string | null;
          }>(
            `SELECT r.remote, r.version, r.manifest_url, r.contract_version, r.note, r.released_at,
                    u.id AS user_id, u.first_name, u.last_name, t.id AS token_id, t.label AS token_label
               FROM (SELECT r.*, row_number() OVER (PARTITION BY r.remote ORDER BY r.released_at DESC, r.id DESC) AS recency
                       FROM remote_releases r WHERE r.remote = ANY($1::text[])) r
               LEFT JOIN remote_rollouts o ON o.remote = r.remote
               LEFT JOIN users u ON u.id = r.released_by_user
               LEFT JOIN remote_release_tokens t ON t.id = r.released_by_token
              WHERE r.recency <= $2 OR r.id = o.stable_release OR r.id = o.candidate_release
              ORDER BY r.released_at DESC, r.id DESC`,
            [names, RELEASES_SHOWN],
          ),
          db.query<{
            id: number;
            remote: string;
            label: string;
            may_promote: boolean;
            created_at: Date | string;
            last_used_at: Date | string | null;
            revoked_at: Date | string | null;
            user_id: number | null;
            first_name: string | null;
            last_name: string | null;
          }>(
            `SELECT t.id, t.remote, t.label, t.may_promote, t.created_at, t.last_used_at, t.revoked_at,
                    u.id AS user_id, u.first_name, u.last_name
               FROM remote_release_tokens t LEFT JOIN users u ON u.id = t.created_by
              WHERE t.remote = ANY($1::text[]) AND (t.revoked_at IS NULL OR t.revoked_at > now() - interval '30 days')
              ORDER BY t.created_at DESC, t.id DESC`,
            [names],
          ),
          figures(),
        ]);
        return names.map((name): RemoteStatus => {
          const rollout = rollouts.find((row) => row.remote === name);
          return {
            name,
            stable:
              rollout?.stable_id != null
                ? { version: rollout.stable_version!, manifest_url: rollout.stable_url! }
                : { version: CONFIGURED_RELEASE, manifest_url: config.remotes[name] },
            candidate:
              rollout?.candidate_id != null
                ? {
                    version: rollout.candidate_version!,
                    share: rollout.candidate_share,
                    entities: [...rollout.candidate_entities].sort((a, b) => a - b),
                  }
                : null,
            releases: releases
              .filter((row) => row.remote === name)
              .map((row) => ({
                version: row.version,
                manifest_url: row.manifest_url,
                contract_version: row.contract_version,
                note: row.note,
                released_by: {
                  user: row.user_id === null ? null : { id: row.user_id, name: personName(row.first_name, row.last_name) },
                  token: row.token_id === null ? null : { id: row.token_id, label: row.token_label! },
                },
                released_at: iso(row.released_at),
                ...figuresOf(name, row.version),
              })),
            tokens: tokens
              .filter((row) => row.remote === name)
              .map((row) => ({
                id: row.id,
                label: row.label,
                may_promote: row.may_promote,
                created_by: { id: row.user_id ?? 0, name: personName(row.first_name, row.last_name) },
                created_at: iso(row.created_at),
                last_used_at: row.last_used_at === null ? null : iso(row.last_used_at),
                revoked_at: row.revoked_at === null ? null : iso(row.revoked_at),
              })),
          };
        });
      },

      async createRelease(remote, release, caller) {
        await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO remote_releases (remote, version, manifest_url, contract_version, note, released_by_user, released_by_token)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (remote, version) DO NOTHING RETURNING id`,
            [
              remote,
              release.version,
              release.manifest_url,
              release.contract_version,
              release.note,
              caller.session?.actor.id ?? null,
              caller.token?.id ?? null,
            ],
          );
          if (rows.length === 0) throw naming(httpErrors.conflict(REMOTE_MESSAGES.versionTaken), 'version');
          await audit(fastify, tx, caller, {
            action: 'remote-release.create',
            itemType: 'remote-release',
            itemId: rows[0]!.id,
            details: { remote, version: release.version, manifest_url: release.manifest_url, contract_version: release.contract_version },
          });
        });
        await reload();
      },

      async updateRollout(remote, update, caller) {
        if (update.stable === undefined && update.candidate === undefined && update.share === undefined && update.entities === undefined) {
          throw httpErrors.badRequest(REMOTE_MESSAGES.nothingToChange);
        }
        await db.transaction(async (tx) => {
          // The row first, locked: two changes of one remote's roll-out never interleave.
          await tx.query('INSERT INTO remote_rollouts (remote) VALUES ($1) ON CONFLICT (remote) DO NOTHING', [remote]);
          const { rows } = await tx.query<{
            stable_release: number | null;
            candidate_release: number | null;
            candidate_share: number;
            candidate_entities: number[];
          }>(
            'SELECT stable_release, candidate_release, candidate_share, candidate_entities FROM remote_rollouts WHERE remote = $1 FOR UPDATE',
            [remote],
          );
          const before = rows[0]!;
          const after = { ...before, candidate_entities: [...before.candidate_entities] };
          const find = async (field: string, version: string) => {
            const id = await releaseId(tx, remote, version);
            if (id === null)
              throw naming(httpErrors.notFound(`${field}: ${REMOTE_MESSAGES.releaseNotFound}`), field, REMOTE_MESSAGES.releaseNotFound);
            return id;
          };
          if (update.candidate !== undefined) {
            if (update.candidate === null) {
              after.candidate_release = null;
              after.candidate_share = 0;
              after.candidate_entities = [];
            } else {
              const id = await find('candidate', update.candidate);
              // A new candidate starts with no reach but what this call gives it.
              if (id !== before.candidate_release) {
                after.candidate_share = 0;
                after.candidate_entities = [];
              }
              after.candidate_release = id;
            }
          }
          if (update.share !== undefined || update.entities !== undefined) {
            if (after.candidate_release === null) throw httpErrors.unprocessableEntity(REMOTE_MESSAGES.noCandidate);
            if (update.share !== undefined) after.candidate_share = update.share;
            if (update.entities !== undefined) {
              const entities = [...new Set(update.entities)].sort((a, b) => a - b);
              const { rows: found } = await tx.query<{ id: number }>('SELECT id FROM entities WHERE id = ANY($1::int[])', [entities]);
              const missing = entities.find((id) => !found.some((row) => row.id === id));
              if (missing !== undefined) {
                const message = `${REMOTE_MESSAGES.unknownEntity} (${missing})`;
                throw naming(httpErrors.unprocessableEntity(`entities: ${message}`), 'entities', message);
              }
              after.candidate_entities = entities;
            }
          }
          if (update.stable !== undefined) {
            const id = await find('stable', update.stable);
            after.stable_release = id;
            // Promoting the candidate ends it: everyone now gets that release as the stable one.
            if (after.candidate_release === id) {
              after.candidate_release = null;
              after.candidate_share = 0;
              after.candidate_entities = [];
            }
          }
          if (after.candidate_release !== null && after.candidate_release === after.stable_release) {
            throw naming(
              httpErrors.unprocessableEntity(`candidate: ${REMOTE_MESSAGES.candidateIsStable}`),
              'candidate',
              REMOTE_MESSAGES.candidateIsStable,
            );
          }
          await tx.query(
            `UPDATE remote_rollouts
                SET stable_release = $2, candidate_release = $3, candidate_share = $4, candidate_entities = $5::int[], updated_at = now()
              WHERE remote = $1`,
            [remote, after.stable_release, after.candidate_release, after.candidate_share, after.candidate_entities],
          );
          const { rows: versions } = await tx.query<{ id: number; version: string }>(
            'SELECT id, version FROM remote_releases WHERE id = ANY($1::int[])',
            [[before.stable_release, before.candidate_release, after.stable_release, after.candidate_release].filter((id) => id !== null)],
          );
          const versionOf = (id: number | null) => (id === null ? null : (versions.find((row) => row.id === id)?.version ?? null));
          const described = (state: typeof before) => ({
            stable: versionOf(state.stable_release) ?? CONFIGURED_RELEASE,
            candidate: versionOf(state.candidate_release),
            share: state.candidate_share,
            entities: state.candidate_entities,
          });
          await audit(fastify, tx, caller, {
            action: 'remote-rollout.update',
            itemType: 'remote-rollout',
            itemId: null,
            details: { remote, before: described(before), after: described(after) },
          });
        });
        await reload();
      },

      async createToken(remote, body, session) {
        const token = `${RELEASE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
        return db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO remote_release_tokens (remote, label, token_hash, may_promote, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
            [remote, body.label.trim() || body.label, hashToken(token), body.may_promote ?? false, session.actor.id],
          );
          const id = rows[0]!.id;
          await fastify.auditRepository.record(
            session,
            {
              action: 'release-token.create',
              itemType: 'release-token',
              itemId: id,
              details: { remote, label: body.label, may_promote: body.may_promote ?? false },
            },
            tx,
          );
          return { id, token };
        });
      },

      async revokeToken(remote, id, session) {
        return db.transaction(async (tx) => {
          const { rows } = await tx.query<{ label: string }>(
            `UPDATE remote_release_tokens SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 AND remote = $2 RETURNING label`,
            [id, remote],
          );
          if (rows.length === 0) return false;
          await fastify.auditRepository.record(
            session,
            { action: 'release-token.revoke', itemType: 'release-token', itemId: id, details: { remote, label: rows[0]!.label } },
            tx,
          );
          return true;
        });
      },

      async useToken(token) {
        if (!token.startsWith(RELEASE_TOKEN_PREFIX) || token.length > 200) return null;
        const { rows } = await db.query<ReleaseTokenUse>(
          `UPDATE remote_release_tokens SET last_used_at = now() WHERE token_hash = $1 AND revoked_at IS NULL
           RETURNING id, remote, label, may_promote`,
          [hashToken(token)],
        );
        return rows[0] ?? null;
      },

      async recordUpload(remote, upload, caller) {
        await audit(fastify, db, caller, {
          action: 'remote-release.upload',
          itemType: 'remote-release',
          itemId: null,
          details: { remote, ...upload },
        });
      },

      async releaseExists(remote, version) {
        return (await releaseId(db, remote, version)) !== null;
      },
    };
    fastify.decorate('remotesRepository', repository);
  },
  { name: 'remotes-repository', dependencies: ['database', 'helmet', 'audit-repository'] },
);
