import fp from 'fastify-plugin';
import {
  PUBLICATION,
  readPublicationStatus,
  type AdminAdviceListQuery,
  type Advice,
  type AdviceCreateBody,
  type AdviceList,
  type AdminAdviceList,
  type AdviceListQuery,
  type AdviceUpdateBody,
  type ContentLanguage,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { ADVICE_RECIPIENTS, keepRecipientsOf, recipientCandidates } from '../../../lib/content/audience';
import { cleanDescription } from '../../../lib/content/description';
import { adminListFilters, adminListOrder } from '../../../lib/content/admin-list-filters';
import { changeAudience } from '../../../lib/content/audience-change';
import type { AudienceContentAdmin } from '../../../lib/content/audience-content-admin';
import { contentPage } from '../../../lib/content/content-page';
import { managedUserEntity } from '../../../lib/content/managed-user';
import { assertDraft, changedFields, publicationWrites } from '../../../lib/content/publication-writes';
import { lockManaged } from '../../../lib/content/row-locks';
import {
  entityOf,
  type AudienceRow,
  type ContentRow,
  type ContentTable,
  type CursorPage,
  type IllustratedRow,
  type LockedEntityItem,
} from '../../../lib/content/rows';
import { countCap, type SortKey } from '../../../lib/paging';
import { adviceVisibility, visibleAdvicesCount } from '../../../lib/content/visibility';
import { checkReferences } from '../../../lib/content/references';
import { adminEntityCondition, entityForWrite, mayManageEntity } from '../../../lib/content/scope';
import { setClauses } from '../../../lib/content/sql';
import { iso } from '../../../lib/iso';
import { imageJsonSql } from '../../../lib/images/image-json';
import { awaitsAcknowledgement, mustReadColumns, withMustRead } from '../../../lib/reach/must-read';
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

/** The admin side (/api/admin/advices) is that of every per-entity content (content/audience-content-admin.ts). */
export interface AdvicesRepository extends AudienceContentAdmin<
  Advice,
  AdminAdviceList,
  AdminAdviceListQuery,
  AdviceCreateBody,
  AdviceUpdateBody
> {
  /** The page of advices the caller may see: pinned first, then newest. */
  list(query: AdviceListQuery, session: Session): Promise<AdviceList>;
  /** One advice under the same rule, or null when it does not exist or the caller may not see it. */
  get(id: number, session: Session): Promise<Advice | null>;
  /** A new draft; audience 'user' unless said otherwise. */
  create(body: AdviceCreateBody, session: Session): Promise<Advice>;
}

declare module 'fastify' {
  interface FastifyInstance {
    advicesRepository: AdvicesRepository;
  }
}

type AdviceRow = ContentRow & AudienceRow & IllustratedRow & TranslationRow & { must_read: boolean; must_read_by: string | null };

const SELECT = `
  SELECT a.id, a.title, a.subtitle, a.description, a.status, a.audience_type, a.pinned,
         CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name, 'color', c.color) END AS category,
         ${imageJsonSql('b')} AS banner,
         ${imageJsonSql('t')} AS thumbnail,
         e.id AS entity_id, e.name AS entity_name, ${imageJsonSql('l')} AS entity_logo,
         COALESCE((SELECT array_agg(au.user_id ORDER BY au.user_id) FROM advice_users au WHERE au.advice_id = a.id), '{}') AS source_users,
         ${mustReadColumns('a')},
         a.created_at, a.updated_at, ${translationColumns(TRANSLATED.advice)}
    FROM advices a
    LEFT JOIN categories c ON c.id = a.category_id
    LEFT JOIN images b ON b.id = a.banner_image_id
    LEFT JOIN images t ON t.id = a.thumbnail_image_id
    LEFT JOIN entities e ON e.id = a.entity_id
    LEFT JOIN images l ON l.id = e.logo_image_id`;

const ADVICES: ContentTable = { table: 'advices', alias: 'a', itemType: 'advice' };

/** The visibility rule of per-entity content (content/visibility.ts), for the list and the detail. */
const visibility = adviceVisibility;

const NOT_FOUND = 'Advice not found';

export default fp(
  async (fastify) => {
    const { db, imageUrls } = fastify;

    /** The console's view (the source's texts and the translation), or a customer's in `language`. */
    const toAdvice = (row: AdviceRow, language?: ContentLanguage): Advice => {
      const advice = adviceOf(row);
      return language === undefined ? { ...advice, ...consoleTexts(row) } : readerTexts(row, advice, language);
    };
    const adviceOf = (row: AdviceRow) => ({
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      description: row.description,
      status: readPublicationStatus(row.status),
      audience_type: row.audience_type,
      pinned: row.pinned,
      category: row.category,
      banner: imageUrls.toImage(row.banner),
      thumbnail: imageUrls.toImage(row.thumbnail),
      entity: entityOf(imageUrls, row),
      sources: { users: row.source_users },
      must_read: row.must_read,
      must_read_by: row.must_read_by,
      acknowledged_at: null,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    });

    const writes = publicationWrites(fastify, ADVICES, lock);
    const translations = translationWrites(TRANSLATED.advice);

    const repository: AdvicesRepository = {
      async list(query, session) {
        const page = query.page ?? 1;
        const pageSize = query.page_size ?? 20;
        const params: unknown[] = [];
        const where = visibility(session, query.includes_unpublished === true, params);
        const total = await visibleAdvicesCount(db, session, query.includes_unpublished === true);
        const language = await readerLanguage(db, session);
        // The must-reads the person has not acknowledged come first (lib/reach/must-read.ts).
        params.push(session.user.id);
        const first = awaitsAcknowledgement('a', `$${params.length}`);
        const { rows } = await db.query<AdviceRow>(
          `${SELECT} WHERE ${where} ORDER BY ${first} DESC, a.pinned DESC, a.created_at DESC, a.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
          { prepare: true },
        );
        return {
          items: await withMustRead(
            db,
            session.user.id,
            rows.map((row) => toAdvice(row, language)),
          ),
          total,
          page,
          page_size: pageSize,
        };
      },

      async get(id, session) {
        const params: unknown[] = [id];
        const where = visibility(session, true, params);
        const { rows } = await db.query<AdviceRow>(`${SELECT} WHERE a.id = $1 AND ${where}`, params);
        return rows[0] ? (await withMustRead(db, session.user.id, [toAdvice(rows[0], await readerLanguage(db, session))]))[0]! : null;
      },

      async adminList(query, session) {
        const page = query.page ?? 1;
        const pageSize = query.page_size ?? 20;
        const params: unknown[] = [];
        const conditions = [adminEntityCondition(session, 'a.entity_id', params), ...adminListFilters(ADVICES, query, params)];
        return listPage(
          conditions.join(' AND '),
          params,
          page,
          pageSize,
          adminListOrder(ADVICES, query),
          query.cursor,
          countCap(query.search),
        );
      },

      async adminGet(id, session) {
        const advice = await byId(db, id);
        return advice && mayManageEntity(session, advice.entity?.id ?? null) ? advice : null;
      },

      async create(body, session) {
        const id = await db.transaction(async (tx) => {
          const entityId = await entityForWrite(tx, session, body.entity_id);
          await checkReferences(tx, body);
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO advices (title, subtitle, description, status, audience_type, pinned, category_id, banner_image_id, thumbnail_image_id, entity_id, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
            [
              body.title,
              body.subtitle ?? null,
              cleanDescription(body.description ?? ''),
              PUBLICATION.draft,
              body.audience_type ?? 'user',
              body.pinned ?? false,
              body.category_id ?? null,
              body.banner_id ?? null,
              body.thumbnail_id ?? null,
              entityId,
              session.actor.id,
            ],
          );
          const created = rows[0]!.id;
          await translations.afterCreate(tx, created, body, session);
          await recordVersion(tx, VERSIONED['advice'], created, session);
          await fastify.auditRepository.record(
            session,
            { action: 'advice.create', itemType: 'advice', itemId: created, details: { title: body.title, entity_id: entityId } },
            tx,
          );
          return created;
        });
        return (await byId(db, id))!;
      },

      async update(id, body, session) {
        await db.transaction(async (tx) => {
          const advice = await lock(tx, id, session);
          assertDraft(advice);
          await translations.beforeUpdate(tx, id, body);
          let entityId: number | undefined;
          if (body.entity_id !== undefined && body.entity_id !== advice.entity_id)
            entityId = await entityForWrite(tx, session, body.entity_id);
          await checkReferences(tx, body);
          const params: unknown[] = [];
          const sets = setClauses(
            {
              title: body.title,
              subtitle: body.subtitle,
              description: body.description === undefined ? undefined : cleanDescription(body.description),
              audience_type: body.audience_type,
              pinned: body.pinned,
              category_id: body.category_id,
              banner_image_id: body.banner_id,
              thumbnail_image_id: body.thumbnail_id,
              entity_id: entityId,
            },
            params,
          );
          params.push(id);
          await tx.query(`UPDATE advices SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${params.length}`, params);
          if (entityId !== undefined) await keepRecipientsOf(tx, ADVICE_RECIPIENTS, id, entityId);
          await translations.afterUpdate(tx, id, body, session);
          await recordVersion(tx, VERSIONED['advice'], id, session);
          await fastify.auditRepository.record(
            session,
            { action: 'advice.update', itemType: 'advice', itemId: id, details: { fields: changedFields(body) } },
            tx,
          );
        });
        return (await byId(db, id))!;
      },

      remove: writes.remove,

      async setStatus(id, status, session) {
        await writes.setStatus(id, status, session);
        return (await byId(db, id))!;
      },

      async recipients(id, session, query) {
        const advice = await repository.adminGet(id, session);
        return advice ? recipientCandidates(db, ADVICE_RECIPIENTS, id, advice.entity?.id ?? null, query) : null;
      },

      async changeRecipients(id, change, userId, session) {
        await changeAudience(fastify, ADVICES, ADVICE_RECIPIENTS, lock, { id, change, userId }, session);
        return (await byId(db, id))!;
      },

      async listForUser(userId, query, session) {
        const user = await managedUserEntity(db, userId, session);
        return user
          ? listPage('a.entity_id = $1', [user.entityId], query.page ?? 1, query.page_size ?? 20, adminListOrder(ADVICES, {}))
          : null;
      },
    };

    function listPage(
      where: string,
      params: unknown[],
      page: number,
      pageSize: number,
      order: string | SortKey,
      cursor?: string,
      cap?: number,
    ): Promise<CursorPage<Advice>> {
      return contentPage(db, ADVICES, SELECT, (row: AdviceRow) => toAdvice(row), {
        where,
        params,
        order,
        page,
        pageSize,
        cursor,
        countCap: cap,
      });
    }

    async function byId(q: Queryable, id: number): Promise<Advice | null> {
      const { rows } = await q.query<AdviceRow>(`${SELECT} WHERE a.id = $1`, [id]);
      return rows[0] ? toAdvice(rows[0]) : null;
    }

    /** The advice, locked for the write; 404 when it does not exist or the caller does not manage it. */
    function lock(tx: Queryable, id: number, session: Session): Promise<LockedEntityItem> {
      return lockManaged(ADVICES, tx, id, session, NOT_FOUND);
    }
    fastify.decorate('advicesRepository', repository);
  },
  { name: 'advices-repository', dependencies: ['database', 'image-urls', 'audit-repository'] },
);
