import type { UserRecord } from '../users/users-repository';

/** Who is calling, as the session guard (routes/api/autohooks.ts) established it. */
export interface Session {
  user: UserRecord;
  rights: string[];
  /** The entity whose content the caller sees. */
  entityId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session guard on every route it protects. */
    session: Session;
  }
  interface FastifyContextConfig {
    /** Routes that the session guard lets through without a token. */
    public?: boolean;
  }
}
