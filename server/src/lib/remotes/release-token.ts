import { createHash } from 'node:crypto';
import type { RemoteName } from '@hub/shared/api';

/** A release token in use: which remote it is for, and whether it may promote to stable. */
export interface ReleaseTokenUse {
  id: number;
  remote: RemoteName;
  label: string;
  may_promote: boolean;
}

/** What the database keeps of a token: its SHA-256, never its text. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest();

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the session guard, instead of `session`, when a route that takes release tokens
     * (`config: { releaseToken: true }`) is called with one. Null everywhere else.
     */
    releaseToken: ReleaseTokenUse | null;
  }
  interface FastifyContextConfig {
    /** The release calls of a remote: they also take its team's release token (`Authorization: Bearer hubrt_…`). */
    releaseToken?: boolean;
  }
}
