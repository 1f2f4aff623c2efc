import type { AudienceUserList, AudienceUserQuery, PageQuery, PublicationStatus } from '@hub/shared/api';
import type { Session } from '../auth/session';
import type { AudienceChange } from './audience';

/**
 * The admin side of a per-entity content with a publication status and an audience (advices,
 * dashboards: /api/admin/<name>): drafts included, the items of the entities the caller manages.
 */
export interface AudienceContentAdmin<Item, List, AdminListQuery, CreateBody, UpdateBody> {
  /** The entity in force (every entity for an administrator without one), newest first. */
  adminList(query: AdminListQuery, session: Session): Promise<List>;
  /** One item the caller manages, or null (missing, or another entity's for a non-administrator). */
  adminGet(id: number, session: Session): Promise<Item | null>;
  /** A new draft. */
  create(body: CreateBody, session: Session): Promise<Item>;
  /** 404 when not managed by the caller, 409 unless the item is a draft. */
  update(id: number, body: UpdateBody, session: Session): Promise<Item>;
  /**
   * 404 when not managed by the caller. Unlike `update`, any status: a published item is deleted
   * too (the console's confirmation dialog guards it) and leaves the customers' lists at once.
   */
  remove(id: number, session: Session): Promise<void>;
  /** Publish (16) or back to draft (0). */
  setStatus(id: number, status: PublicationStatus, session: Session): Promise<Item>;
  /** The users of the item's entity, marked when they are recipients; one list, searched and paged, with a query. */
  recipients(id: number, session: Session, query?: AudienceUserQuery): Promise<AudienceUserList | null>;
  /** Changes `sources.users`: the user must be of the item's entity (404 otherwise). */
  changeRecipients(id: number, change: AudienceChange, userId: number | null, session: Session): Promise<Item>;
  /** The items of a user's entity with their recipients, for the user admin page; null when the caller may not see that user. */
  listForUser(userId: number, query: PageQuery, session: Session): Promise<List | null>;
}
