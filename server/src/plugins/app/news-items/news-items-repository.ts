import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import {
  PUBLICATION,
  readPublicationStatus,
  type AdminNewsItemListQuery,
  type NewsItem,
  type NewsItemCreateBody,
  type NewsItemList,
  type AdminNewsItemList,
  type NewsItemListQuery,
  type NewsItemUpdateBody,
  type PublicationStatus,
  type ContentLanguage,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { cleanDescription } from '../../../lib/content/description';
import { adminListFilters, adminListOrder } from '../../../lib/content/admin-list-filters';
import { contentPage } from '../../../lib/content/content-page';
import { assertDraft, changedFields, publicationWrites } from '../../../lib/content/publication-writes';
import type { ContentRow, ContentTable, CursorPage, IllustratedRow, LockedItem } from '../../../lib/content/rows';
import { countCap, type SortKey } from '../../../lib/paging';
import { newsItemVisibility } from '../../../lib/content/visibility';
import { checkReferences } from '../../../lib/content/references';
import { setClauses } from '../../../lib/content/sql';
import { iso } from '../../../lib/iso';
import { imageJsonSql } from '../../../lib/images/image-json';
import {
  consoleTexts,
  readerLanguage,
  readerTexts,
  TRANSLATED,
  translationColumns,
  translationWrites,
  type TranslationRow,
} from '../../../lib/content/translations';
import { recordVersion, VERSIONED } from '../../../lib/content/versions';

/** News items are for everyone (not per entity); contributors and above manage them all. */
export interface NewsItemsRepository {
  /** Published news, pinned first then newest; drafts too for who may see unpublished content and asks. */
  list(query: NewsItemListQuery, session: Session): Promise<NewsItemList>;
  /** One news item under the same rule, or null. */
  get(id: number, session: Session): Promise<NewsItem | null>;
  /** Every status, newest first. */
  adminList(query: AdminNewsItemListQuery): Promise<AdminNewsItemList>;
  adminGet(id: number): Promise<NewsItem | null>;
  create(body: NewsItemCreateBody, session: Session): Promise<NewsItem>;
  /** 404 when missing, 409 unless it is a draft. */
  update(id: number, body: NewsItemUpdateBody, session: Session): Promise<NewsItem>;
  remove(id: number, session: Session): Promise<void>;
  setStatus(id: number, status: PublicationStatus, session: Session): Promise<NewsItem>;
}

declare module 'fastify' {
  interface FastifyInstance {
    newsItemsRepository: NewsItemsRepository;
  }
}

interface NewsItemRow extends ContentRow, IllustratedRow, TranslationRow {
  tag: string | null;
}

const SELECT = `
  SELECT n.id, n.title, n.subtitle, n.description, n.status, n.pinned, n.tag,
         CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name, 'color', c.color) END AS category,
         ${imageJsonSql('b')} AS banner,
         ${imageJsonSql('t')} AS thumbnail,
         n.created_at, n.updated_at, ${translationColumns(TRANSLATED['news-item'])}
    FROM news_items n
    LEFT JOIN categories c ON c.id = n.category_id
    LEFT JOIN images b ON b.id = n.banner_image_id
    LEFT JOIN images t ON t.id = n.thumbnail_image_id`;

const NOT_FOUND = 'News item not found';
const NEWS_ITEMS: ContentTable = { table: 'news_items', alias: 'n', itemType: 'news-item' };

export default fp(
  async (fastify) => {
    const { db, imageUrls } = fastify;

    /** The console's view (the source's texts and the translation), or a customer's in `language`. */
    const toNewsItem = (row: NewsItemRow, language?: ContentLanguage): NewsItem => {
      const item = newsItemOf(row);
      return language === undefined ? { ...item, ...consoleTexts(row) } : readerTexts(row, item, language);
    };
    const newsItemOf = (row: NewsItemRow) => ({
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      description: row.description,
      status: readPublicationStatus(row.status),
      pinned: row.pinned,
      category: row.category,
      banner: imageUrls.toImage(row.banner),
      thumbnail: imageUrls.toImage(row.thumbnail),
      tag: row.tag,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    });

    function listPage(
      where: string,
      params: unknown[],
      page: number,
      pageSize: number,
      order: string | SortKey,
      cursor?: string,
      cap?: number,
      language?: ContentLanguage,
    ): Promise<CursorPage<NewsItem>> {
      const map = (row: NewsItemRow) => toNewsItem(row, language);
      return contentPage(db, NEWS_ITEMS, SELECT, map, { where, params, order, page, pageSize, cursor, countCap: cap });
    }

    async function byId(id: number): Promise<NewsItem | null> {
      const { rows } = await db.query<NewsItemRow>(`${SELECT} WHERE n.id = $1`, [id]);
      return rows[0] ? toNewsItem(rows[0]) : null;
    }

    async function lock(tx: Queryable, id: number): Promise<LockedItem> {
      const { rows } = await tx.query<LockedItem>('SELECT id, title, status FROM news_items WHERE id = $1 FOR UPDATE', [id]);
      if (!rows[0]) throw httpErrors.notFound(NOT_FOUND);
      return rows[0];
    }

    const writes = publicationWrites(fastify, NEWS_ITEMS, lock);
    const translations = translationWrites(TRANSLATED['news-item']);

    /** Published only, unless the caller may see unpublished content and asks for it. */
    const visibility = newsItemVisibility;

    const repository: NewsItemsRepository = {
      async list(query, session) {
        const params: unknown[] = [];
        const where = visibility(session, query.includes_unpublished === true, params);
        const order = 'n.pinned DESC, n.created_at DESC, n.id DESC';
        return listPage(
          where,
          params,
          query.page ?? 1,
          query.page_size ?? 20,
          order,
          undefined,
          undefined,
          await readerLanguage(db, session),
        );
      },

      async get(id, session) {
        const params: unknown[] = [id];
        const where = visibility(session, true, params);
        const { rows } = await db.query<NewsItemRow>(`${SELECT} WHERE n.id = $1 AND ${where}`, params);
        return rows[0] ? toNewsItem(rows[0], await readerLanguage(db, session)) : null;
      },

      async adminList(query) {
        const params: unknown[] = [];
        const conditions = ['TRUE', ...adminListFilters(NEWS_ITEMS, query, params)];
        return listPage(
          conditions.join(' AND '),
          params,
          query.page ?? 1,
          query.page_size ?? 20,
          adminListOrder(NEWS_ITEMS, query),
          query.cursor,
          countCap(query.search),
        );
      },

      adminGet: byId,

      async create(body, session) {
        const id = await db.transaction(async (tx) => {
          await checkReferences(tx, body);
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO news_items (title, subtitle, description, status, pinned, tag, category_id, banner_image_id, thumbnail_image_id, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
            [
              body.title,
              body.subtitle ?? null,
              cleanDescription(body.description ?? ''),
              PUBLICATION.draft,
              body.pinned ?? false,
              body.tag ?? null,
              body.category_id ?? null,
              body.banner_id ?? null,
              body.thumbnail_id ?? null,
              session.actor.id,
            ],
          );
          const created = rows[0]!.id;
          await translations.afterCreate(tx, created, body, session);
          await recordVersion(tx, VERSIONED['news-item'], created, session);
          await fastify.auditRepository.record(
            session,
            { action: 'news-item.create', itemType: 'news-item', itemId: created, details: { title: body.title } },
            tx,
          );
          return created;
        });
        return (await byId(id))!;
      },

      async update(id, body, session) {
        await db.transaction(async (tx) => {
          assertDraft(await lock(tx, id));
          await translations.beforeUpdate(tx, id, body);
          await checkReferences(tx, body);
          const params: unknown[] = [];
          const sets = setClauses(
            {
              title: body.title,
              subtitle: body.subtitle,
              description: body.description === undefined ? undefined : cleanDescription(body.description),
              pinned: body.pinned,
              tag: body.tag,
              category_id: body.category_id,
              banner_image_id: body.banner_id,
              thumbnail_image_id: body.thumbnail_id,
            },
            params,
          );
          params.push(id);
          await tx.query(`UPDATE news_items SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${params.length}`, params);
          await translations.afterUpdate(tx, id, body, session);
          await recordVersion(tx, VERSIONED['news-item'], id, session);
          await fastify.auditRepository.record(
            session,
            { action: 'news-item.update', itemType: 'news-item', itemId: id, details: { fields: changedFields(body) } },
            tx,
          );
        });
        return (await byId(id))!;
      },

      remove: writes.remove,

      async setStatus(id, status, session) {
        await writes.setStatus(id, status, session);
        return (await byId(id))!;
      },
    };
    fastify.decorate('newsItemsRepository', repository);
  },
  { name: 'news-items-repository', dependencies: ['database', 'image-urls', 'audit-repository'] },
);
