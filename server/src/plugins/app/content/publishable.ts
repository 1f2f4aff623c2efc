import { httpErrors } from '@fastify/sensible';
import type { FastifyInstance } from 'fastify';
import {
  PUBLICATION,
  readPublicationStatus,
  type AudienceType,
  type AudienceUserList,
  type Category,
  type EntitySummary,
  type PageQuery,
  type PublicationStatus,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import { canSeeUnpublished, type Session } from '../auth/session';
import type { ImageJson, ImageUrls } from '../images/image-urls';
import { changeRecipients, type AudienceChange, type RecipientsTable } from './audience';
import { mayManageEntity } from './scope';
import { likePattern } from './sql';

/**
 * The pieces that advices, dashboards and news items share: one publication status (draft or
 * published), the same admin list filters and pages, the same delete and publish/unpublish with
 * their audit lines. What differs (columns, audience, entity) stays in each repository.
 */
export interface ContentTable {
  table: 'advices' | 'dashboards' | 'news_items';
  /** The table's alias in the repository's SELECT. */
  alias: 'a' | 'd' | 'n';
  /** The item type of the audit log, and the prefix of its actions (`advice.publish`). */
  itemType: 'advice' | 'dashboard' | 'news-item';
}

export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  page_size: number;
}

/** The columns every publishable content reads. */
export interface ContentRow {
  id: number;
  title: string;
  status: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The columns of a per-entity content with an audience (advices, dashboards). */
export interface AudienceRow {
  audience_type: AudienceType;
  entity_id: number | null;
  entity_name: string | null;
  entity_logo: ImageJson | null;
  source_users: number[];
}

/** The columns of an illustrated content (advices, news items). */
export interface IllustratedRow {
  subtitle: string | null;
  description: string;
  pinned: boolean;
  category: Category | null;
  banner: ImageJson | null;
  thumbnail: ImageJson | null;
}

/** The `entity` of a per-entity item, from its AudienceRow columns. */
export const entityOf = (imageUrls: ImageUrls, row: AudienceRow): EntitySummary | null =>
  row.entity_id === null ? null : { id: row.entity_id, name: row.entity_name!, logo: imageUrls.toImage(row.entity_logo) };

/** What an admin write reads first, under a row lock. */
export interface LockedItem {
  id: number;
  title: string;
  status: number;
}

/** The `status` condition for who may not see unpublished content (or does not ask to), pushing its parameter; null when every status is shown. */
export function publishedOnly({ alias }: ContentTable, session: Session, includesUnpublished: boolean, params: unknown[]): string | null {
  if (includesUnpublished && canSeeUnpublished(session)) return null;
  params.push(PUBLICATION.published);
  return `${alias}.status = $${params.length}`;
}

/** The admin lists' filters: `status` (unknown values read as draft: "draft" is everything not published) and a title search. */
export function adminListFilters(
  { alias }: ContentTable,
  query: { status?: PublicationStatus; search?: string },
  params: unknown[],
): string[] {
  const conditions: string[] = [];
  if (query.status !== undefined) {
    params.push(PUBLICATION.published);
    conditions.push(
      query.status === PUBLICATION.published ? `${alias}.status = $${params.length}` : `${alias}.status <> $${params.length}`,
    );
  }
  if (query.search) {
    params.push(likePattern(query.search));
    conditions.push(`${alias}.title ILIKE $${params.length}`);
  }
  return conditions;
}

/** One page of `select` (the repository's SELECT … FROM <table> <alias> …) under `where`, with the total. */
export async function contentPage<Row, Item>(
  db: Queryable,
  { table, alias }: ContentTable,
  select: string,
  map: (row: Row) => Item,
  list: { where: string; params: unknown[]; order: string; page: number; pageSize: number },
): Promise<Page<Item>> {
  const { where, params, order, page, pageSize } = list;
  const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} ${alias} WHERE ${where}`, params);
  const { rows } = await db.query<Row>(
    `${select} WHERE ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return { items: rows.map(map), total: total.rows[0]!.count, page, page_size: pageSize };
}

/** Only drafts may be edited. */
export function assertDraft(item: LockedItem): void {
  if (readPublicationStatus(item.status) !== PUBLICATION.draft) throw httpErrors.conflict('Only items in draft can be edited');
}

/** The fields an update sets, for its audit line. */
export const changedFields = (body: object) => Object.entries(body).flatMap(([key, value]) => (value === undefined ? [] : [key]));

/**
 * Delete and publish/unpublish, each in one transaction with its audit line (a change whose audit
 * line cannot be written is not kept). `lock` reads the item for the write, or throws the 404.
 */
export function publicationWrites<Locked extends LockedItem>(
  fastify: FastifyInstance,
  { table, itemType }: ContentTable,
  lock: (tx: Queryable, id: number, session: Session) => Promise<Locked>,
) {
  return {
    async remove(id: number, session: Session): Promise<void> {
      await fastify.db.transaction(async (tx) => {
        const item = await lock(tx, id, session);
        await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
        await fastify.auditRepository.record(
          session,
          { action: `${itemType}.delete`, itemType, itemId: id, details: { title: item.title } },
          tx,
        );
      });
    },

    /** Publish (16) or back to draft (0). */
    async setStatus(id: number, status: PublicationStatus, session: Session): Promise<void> {
      await fastify.db.transaction(async (tx) => {
        await lock(tx, id, session);
        await tx.query(`UPDATE ${table} SET status = $1, updated_at = now() WHERE id = $2`, [status, id]);
        const action = status === PUBLICATION.published ? `${itemType}.publish` : `${itemType}.unpublish`;
        await fastify.auditRepository.record(session, { action, itemType, itemId: id }, tx);
      });
    },
  };
}

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
  remove(id: number, session: Session): Promise<void>;
  /** Publish (16) or back to draft (0). */
  setStatus(id: number, status: PublicationStatus, session: Session): Promise<Item>;
  /** The users of the item's entity, marked when they are recipients. */
  recipients(id: number, session: Session): Promise<AudienceUserList | null>;
  /** Changes `sources.users`: the user must be of the item's entity (404 otherwise). */
  changeRecipients(id: number, change: AudienceChange, userId: number | null, session: Session): Promise<Item>;
  /** The items of a user's entity with their recipients, for the user admin page; null when the caller may not see that user. */
  listForUser(userId: number, query: PageQuery, session: Session): Promise<List | null>;
}

/** An item of per-entity content (advices, dashboards), as locked for a write. */
export interface LockedEntityItem extends LockedItem {
  entity_id: number | null;
}

/** Reads a per-entity item for a write, locked; 404 when it does not exist or the caller does not manage its entity. */
export async function lockManaged(
  { table }: ContentTable,
  tx: Queryable,
  id: number,
  session: Session,
  notFound: string,
): Promise<LockedEntityItem> {
  const { rows } = await tx.query<LockedEntityItem>(`SELECT id, title, status, entity_id FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  const item = rows[0];
  if (!item || !mayManageEntity(session, item.entity_id)) throw httpErrors.notFound(notFound);
  return item;
}

/**
 * The visibility rule of per-entity content, written once for the lists and the details: items of
 * the caller's own entity, published, whose audience includes the caller (everyone for
 * multi_users, the named recipients for user). Contributors and above may ask to include
 * unpublished ones. (advice-counts.ts counts the advices under the same rule.)
 */
export function audienceVisibility(
  content: ContentTable,
  { table, column }: RecipientsTable,
  session: Session,
  includesUnpublished: boolean,
  params: unknown[],
): string {
  const { alias } = content;
  const recipient = `${alias}u`;
  params.push(session.entityId, session.user.id);
  const entity = `$${params.length - 1}`;
  const user = `$${params.length}`;
  const conditions = [
    `${alias}.entity_id = ${entity}`,
    `(${alias}.audience_type = 'multi_users' OR EXISTS (SELECT 1 FROM ${table} ${recipient} WHERE ${recipient}.${column} = ${alias}.id AND ${recipient}.user_id = ${user}))`,
  ];
  const published = publishedOnly(content, session, includesUnpublished, params);
  if (published) conditions.push(published);
  return conditions.join(' AND ');
}

/**
 * Changes `sources.users` of a per-entity item, audited: the user must be of the item's entity
 * (404 otherwise).
 */
export async function changeAudience(
  fastify: FastifyInstance,
  { table, itemType }: ContentTable,
  recipients: RecipientsTable,
  lock: (tx: Queryable, id: number, session: Session) => Promise<LockedEntityItem>,
  item: { id: number; change: AudienceChange; userId: number | null },
  session: Session,
): Promise<void> {
  const { id, change, userId } = item;
  await fastify.db.transaction(async (tx) => {
    const locked = await lock(tx, id, session);
    if (userId !== null) {
      const { rows } = await tx.query('SELECT 1 FROM users WHERE id = $1 AND entity_id = $2', [userId, locked.entity_id]);
      if (rows.length === 0) throw httpErrors.notFound('User not found');
    }
    await changeRecipients(tx, recipients, id, change, userId ?? undefined);
    await tx.query(`UPDATE ${table} SET updated_at = now() WHERE id = $1`, [id]);
    await fastify.auditRepository.record(
      session,
      { action: `${itemType}.users.${change}`, itemType, itemId: id, details: userId === null ? null : { user_id: userId } },
      tx,
    );
  });
}

/** The entity of a user whose content list an admin asks for (`/users/:id/<content>-with-sources`), or undefined when the caller may not see that user. */
export async function managedUserEntity(db: Queryable, userId: number, session: Session): Promise<{ entityId: number | null } | undefined> {
  const { rows } = await db.query<{ entity_id: number | null }>('SELECT entity_id FROM users WHERE id = $1', [userId]);
  const user = rows[0];
  if (!user || !mayManageEntity(session, user.entity_id)) return undefined;
  return { entityId: user.entity_id };
}
