import { Type, type Static } from 'typebox';
import { CLIENT_EVENT_KINDS, CLIENT_EVENTS_LIMITS } from './client-event-limits';
import { Nullable } from './common';
import { REMOTE_NAMES } from './remote-access';

// The contract versions the shell mounts, and where a manifest names its own: the server refuses
// at registration a release the shell would refuse at mount.
export { ACCEPTED_CONTRACT_VERSIONS, MANIFEST_FACTS_KEY } from '../remote/contract-version';

/**
 * A release's version: a folder name a URL can carry (the release script stores a release's files
 * under it). A release is immutable: one version is registered once per remote.
 */
export const RELEASE_VERSION_PATTERN = '^[0-9A-Za-z][0-9A-Za-z.+_-]*$';
export const RELEASE_VERSION_MAX = 100;

/**
 * The version given for a remote whose registry holds no release yet: its stable release is then
 * `REMOTE_<NAME>_URL`, as on a fresh install.
 */
export const CONFIGURED_RELEASE = 'configured';

/**
 * GET /api/remotes: the remotes this person may load, each with the URL of its mf-manifest.json and
 * the version of the release this person is given (the stable one, or the candidate when the person
 * falls in its share or company list). Under display-as, the displayed person's.
 */
export const RemoteEntrySchema = Type.Object({
  // Type.Enum keeps the names' union in the static type (a Union over a mapped array typed as never).
  name: Type.Enum(REMOTE_NAMES),
  entry: Type.String(),
  version: Type.String(),
});
export type RemoteEntry = Static<typeof RemoteEntrySchema>;
export const RemoteListSchema = Type.Object({ remotes: Type.Array(RemoteEntrySchema) });
export type RemoteList = Static<typeof RemoteListSchema>;

/** Who registered a release or moved a roll-out: a person, or a release token (by its label). */
export const ReleaseActorSchema = Type.Object({
  user: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  token: Nullable(Type.Object({ id: Type.Integer(), label: Type.String() })),
});

/** Browser figures of one release over a window: mounts, and errors of every kind together. */
export const ReleaseFiguresSchema = Type.Object({
  mounts: Type.Integer({ minimum: 0 }),
  errors: Type.Integer({ minimum: 0 }),
});
export type ReleaseFigures = Static<typeof ReleaseFiguresSchema>;

export const RemoteReleaseSchema = Type.Object({
  version: Type.String(),
  manifest_url: Type.String(),
  contract_version: Type.Integer(),
  note: Type.String(),
  released_by: ReleaseActorSchema,
  released_at: Type.String(),
  /** Last hour, last day. */
  hour: ReleaseFiguresSchema,
  day: ReleaseFiguresSchema,
  /** Per minute over the last hour, oldest first: 60 points for the console's small chart. */
  minutes: Type.Array(ReleaseFiguresSchema),
});
export type RemoteRelease = Static<typeof RemoteReleaseSchema>;

export const RemoteCandidateSchema = Type.Object({
  version: Type.String(),
  /** The share of people given the candidate, 0–100 %. */
  share: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Companies (entity ids) whose people all get the candidate, whatever the share. */
  entities: Type.Array(Type.Integer({ minimum: 1 })),
});

export const ReleaseTokenSchema = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  may_promote: Type.Boolean(),
  created_by: Type.Object({ id: Type.Integer(), name: Type.String() }),
  created_at: Type.String(),
  last_used_at: Nullable(Type.String()),
  revoked_at: Nullable(Type.String()),
});
export type ReleaseToken = Static<typeof ReleaseTokenSchema>;

/** One remote in the console: its stable release, its candidate, every release with its figures, its tokens. */
export const RemoteStatusSchema = Type.Object({
  name: Type.Enum(REMOTE_NAMES),
  /** `version` is CONFIGURED_RELEASE while the registry holds no stable release (REMOTE_<NAME>_URL). */
  stable: Type.Object({ version: Type.String(), manifest_url: Type.String() }),
  candidate: Nullable(RemoteCandidateSchema),
  releases: Type.Array(RemoteReleaseSchema),
  tokens: Type.Array(ReleaseTokenSchema),
});
export type RemoteStatus = Static<typeof RemoteStatusSchema>;

/** GET /api/admin/remotes (administrators). */
export const AdminRemoteListSchema = Type.Object({ remotes: Type.Array(RemoteStatusSchema) });
export type AdminRemoteList = Static<typeof AdminRemoteListSchema>;

/**
 * POST /api/admin/remotes/{name}/releases (an administrator, or a release token of that remote): 201.
 * The server reads the manifest before it registers: one that does not answer, or whose contract
 * version the shell cannot mount, is refused (422) with a message that says which.
 */
export const ReleaseCreateSchema = Type.Object(
  {
    version: Type.String({ minLength: 1, maxLength: RELEASE_VERSION_MAX, pattern: RELEASE_VERSION_PATTERN }),
    manifest_url: Type.String({ minLength: 1, maxLength: 2000 }),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type ReleaseCreate = Static<typeof ReleaseCreateSchema>;

/**
 * PUT /api/admin/remotes/{name}/rollout: start, move, promote or stop.
 * - `stable`: a registered version becomes the stable release (administrators, or a token allowed to
 *   promote). Promoting the candidate's version also ends the candidate.
 * - `candidate`: a registered version becomes the candidate; `null` stops the candidate.
 * - `share` (0–100) and `entities` move the candidate's reach; alone, they keep its version.
 */
export const RolloutUpdateSchema = Type.Object(
  {
    stable: Type.Optional(Type.String({ minLength: 1, maxLength: RELEASE_VERSION_MAX })),
    candidate: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: RELEASE_VERSION_MAX }))),
    share: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    entities: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
export type RolloutUpdate = Static<typeof RolloutUpdateSchema>;

/** POST /api/admin/remotes/{name}/tokens (administrators): the token is in the answer this once. */
export const ReleaseTokenCreateSchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 100 }),
    may_promote: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
export type ReleaseTokenCreate = Static<typeof ReleaseTokenCreateSchema>;
/** A release token starts with this, so that the session guard tells it from a session's token at a glance. */
export const RELEASE_TOKEN_PREFIX = 'hubrt_';

/** The fixed words of the registry's refusals (a manifest's refusal also names the URL and why). */
export const REMOTE_MESSAGES = {
  versionTaken: 'This version of the remote is already registered: a release is immutable, give it a new version',
  releaseNotFound: 'No release of this remote has this version: register it first',
  noCandidate: 'This remote has no candidate: name one with "candidate" before moving its share or companies',
  candidateIsStable: 'This release is already the stable one',
  nothingToChange: 'Say what to change: stable, candidate, share or entities',
  tokenNotFound: 'No release token of this remote has this id',
  tokenInvalid: 'Invalid or revoked release token',
  tokenOtherRemote: 'This release token is for another remote',
  tokenMayNotPromote: 'This release token may not promote a release to stable',
  unknownEntity: 'No such entity',
  fileTooLarge: 'A release file is at most 20 MB',
  releaseFilesFrozen: 'This release is registered: its files never change, upload a new version',
} as const;

export const ReleaseTokenCreatedSchema = Type.Object({ id: Type.Integer(), token: Type.String() });
export type ReleaseTokenCreated = Static<typeof ReleaseTokenCreatedSchema>;

/**
 * One counted event. Never a message text, an address's query or anything the person typed: the
 * error's name (`TypeError`) and the first stack frame's file (a path, no query) and line.
 */
export const ClientEventSchema = Type.Object(
  {
    remote: Type.Enum(REMOTE_NAMES),
    version: Type.String({ minLength: 1, maxLength: RELEASE_VERSION_MAX }),
    kind: Type.Enum(CLIENT_EVENT_KINDS),
    count: Type.Integer({ minimum: 1, maximum: CLIENT_EVENTS_LIMITS.count }),
    error_name: Type.Optional(Type.String({ maxLength: 100, pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$' })),
    file: Type.Optional(Type.String({ maxLength: 300, pattern: '^[^?#]*$' })),
    line: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type ClientEvent = Static<typeof ClientEventSchema>;
export const ClientEventBatchSchema = Type.Object(
  { events: Type.Array(ClientEventSchema, { minItems: 1, maxItems: CLIENT_EVENTS_LIMITS.events }) },
  { additionalProperties: false },
);
export type ClientEventBatch = Static<typeof ClientEventBatchSchema>;

/**
 * The automatic roll-back's defaults (each a setting of the server): over the last `windowMinutes`,
 * a candidate with at least `minMounts` mounts whose error rate is above `errorRate` and above
 * `stableFactor` times the stable release's is stopped.
 */
export const ROLLBACK_DEFAULTS = { windowMinutes: 10, minMounts: 20, errorRate: 0.02, stableFactor: 2 } as const;
