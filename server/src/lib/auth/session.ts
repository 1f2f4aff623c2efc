import { isAdministrator, isContributor } from '@hub/shared/api';
import type { UserRecord } from './user-record';

/**
 * Who is calling, as the session guard (routes/api/session-guard.ts) established it.
 * The server answers as `user`: the displayed user during display-as, else the signed-in one.
 * `actor` is always the signed-in person: display-as checks and the audit log use it.
 */
export interface Session {
  /** The user the server answers as (docs/product.md §6: rights are checked on the displayed user). */
  user: UserRecord;
  /** The signed-in person. Differs from `user` only during display-as. */
  actor: UserRecord;
  /** The displayed user's rights. */
  rights: string[];
  /** True while an administrator displays the portal as `user` (Display-As-User-Id). */
  displayAs: boolean;
  /** The entity in force: X-Entity-ID when honoured, else the displayed user's own entity. */
  entityId: number | null;
  /** Main-Admin-Page: the call comes from the main admin area (/admin), not the entity admin area. */
  mainAdminPage: boolean;
}

/**
 * `includes_unpublished=true` is honoured for a contributor or more, or for an administrator
 * displaying a user in the unpublished-content mode (the browser then sends the query).
 */
export function canSeeUnpublished(session: Session): boolean {
  return isContributor(session.rights) || (session.displayAs && isAdministrator(session.actor.rights));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session guard on every route it protects. */
    session: Session;
  }
  interface FastifyContextConfig {
    /** Routes that the session guard lets through without a token. */
    public?: boolean;
    /** Routes that also take a download ticket (`?ticket=`): without an Authorization header, the route checks it. */
    ticket?: boolean;
  }
}
