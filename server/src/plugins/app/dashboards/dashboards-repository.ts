import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import {
  PUBLICATION,
  readPublicationStatus,
  type AdminDashboardListQuery,
  type Dashboard,
  type DashboardCreateBody,
  type DashboardList,
  type AdminDashboardList,
  type DashboardListQuery,
  type DashboardUpdateBody,
  type ContentLanguage,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { DASHBOARD_RECIPIENTS, keepRecipientsOf, recipientCandidates } from '../../../lib/content/audience';
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
  type LockedEntityItem,
} from '../../../lib/content/rows';
import { countCap, type SortKey } from '../../../lib/paging';
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
import { audienceCondition, dashboardVisibility } from '../../../lib/content/visibility';
import { adminEntityCondition, entityForWrite, mayManageEntity } from '../../../lib/content/scope';
import { setClauses } from '../../../lib/content/sql';
import { iso } from '../../../lib/iso';
import { imageJsonSql } from '../../../lib/images/image-json';
import { naming } from '../../../lib/http/field-errors';

/** Dashboards are per entity, like advices, and follow the same visibility and admin rules. */
export interface DashboardsRepository extends AudienceContentAdmin<
  Dashboard,
  AdminDashboardList,
  AdminDashboardListQuery,
  DashboardCreateBody,
  DashboardUpdateBody
> {
  /** Published dashboards of the caller's entity whose audience includes them, newest first. */
  list(query: DashboardListQuery, session: Session): Promise<DashboardList>;
  /**
   * One dashboard the caller sees (null when none). `asConsultant`: also one that a customer of the
   * caller sees (GET /api/dashboards/{id} only, for the link in a customer's question).
   */
  get(id: number, session: Session, options?: { asConsultant?: boolean }): Promise<Dashboard | null>;
  /**
   * Stars (or unstars) a dashboard the caller sees, for the person the server answers as; false
   * when they do not see it. Idempotent.
   */
  setFavourite(id: number, favourite: boolean, session: Session): Promise<boolean>;
  /** A new draft for all the entity's users (multi_users) unless said otherwise; the url must be https. */
  create(body: DashboardCreateBody, session: Session): Promise<Dashboard>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboardsRepository: DashboardsRepository;
  }
}

interface DashboardRow extends ContentRow, AudienceRow, TranslationRow {
  tag: string | null;
  description: string | null;
  url: string;
  last_success_at: Date | string | null;
  last_failure_at: Date | string | null;
  favourite: boolean;
}

/**
 * The dashboards with their refresh history and whether `userId` starred them (0: nobody). The id is
 * written into the text (a checked integer, never user text) rather than as a parameter: the
 * list's count query shares the WHERE's parameters but not this column.
 */
const select = (userId: number) => {
  if (!Number.isSafeInteger(userId) || userId < 0) throw new Error('a user id is an integer');
  return `
  SELECT d.id, d.title, d.tag, d.description, d.url, d.status, d.audience_type,
         e.id AS entity_id, e.name AS entity_name, ${imageJsonSql('l')} AS entity_logo,
         COALESCE((SELECT array_agg(du.user_id ORDER BY du.user_id) FROM dashboard_users du WHERE du.dashboard_id = d.id), '{}') AS source_users,
         d.created_at, d.updated_at, r.last_success_at, r.last_failure_at, ${translationColumns(TRANSLATED.dashboard)},
         EXISTS (SELECT 1 FROM dashboard_favourites f WHERE f.dashboard_id = d.id AND f.user_id = ${userId}) AS favourite
    FROM dashboards d
    LEFT JOIN entities e ON e.id = d.entity_id
    LEFT JOIN images l ON l.id = e.logo_image_id
    LEFT JOIN dashboard_refresh r ON r.dashboard_id = d.id`;
};
const SELECT = select(0);

/** What the refresh history says of a dashboard's data, `staleHours` being REPORT_STALE_HOURS. */
export function dashboardData(
  lastSuccess: Date | string | null,
  lastFailure: Date | string | null,
  staleHours: number,
  now = Date.now(),
): Dashboard['data'] {
  const success = lastSuccess === null ? null : new Date(lastSuccess);
  const failure = lastFailure === null ? null : new Date(lastFailure);
  const failedLast = failure !== null && (success === null || failure > success);
  const state = failedLast ? 'failed' : success === null ? 'unknown' : now - success.getTime() > staleHours * 3_600_000 ? 'stale' : 'fresh';
  return { as_of: success?.toISOString() ?? null, failed_at: failedLast ? failure.toISOString() : null, state };
}

const NOT_FOUND = 'Dashboard not found';

/**
 * Dashboards are framed over https only (docs/product.md); in development, also the reports of the
 * stand-in report server the portal serves (`devReports`, the address its reports start with).
 */
export function httpsUrl(text: string, devReports: string | null = null): string {
  const url = URL.parse(text.trim());
  if (url && devReports && url.protocol === 'http:' && url.href.startsWith(devReports)) return url.href;
  if (!url || url.protocol !== 'https:' || !url.hostname) throw naming(httpErrors.badRequest('Please enter a valid URL (https://)'), 'url');
  return url.href;
}

const DASHBOARDS: ContentTable = { table: 'dashboards', alias: 'd', itemType: 'dashboard' };

/** The same rule as advices (content/visibility.ts): own entity, published, audience including the caller. */
const visibility = dashboardVisibility;

/**
 * A consultant reads a published dashboard that one of their customers sees (docs/product.md §10): the
 * link in a customer's question ("Ask my consultant") opens the report the customer asked about.
 * Reading only: the list, the favourites and the consoles keep the rule above.
 */
const seenByACustomerOf = (session: Session, params: unknown[]) => {
  params.push(session.user.id, PUBLICATION.published);
  return `(d.status = $${params.length} AND EXISTS (SELECT 1 FROM user_contacts uc JOIN users c ON c.id = uc.user_id
    WHERE uc.consultant_id = $${params.length - 1} AND ${audienceCondition('d', DASHBOARD_RECIPIENTS, 'c.entity_id', 'c.id')}))`;
};

export default fp(
  async (fastify) => {
    const { db, imageUrls, config } = fastify;
    const devReports =
      config.nodeEnv === 'development' && !config.pbirsUrl
        ? `${new URL(config.publicUrl).origin}/dev-report-server/reports/powerbi/`
        : null;

    /** The console's view (the source's texts and the translation), or a customer's in `language`. */
    const toDashboard = (row: DashboardRow, language?: ContentLanguage): Dashboard => {
      const dashboard = dashboardOf(row);
      return language === undefined ? { ...dashboard, ...consoleTexts(row) } : readerTexts(row, dashboard, language);
    };
    const dashboardOf = (row: DashboardRow) => ({
      data: dashboardData(row.last_success_at, row.last_failure_at, fastify.config.reportStaleHours),
      favourite: row.favourite === true,
      id: row.id,
      title: row.title,
      tag: row.tag,
      description: row.description,
      url: row.url,
      status: readPublicationStatus(row.status),
      entity: entityOf(imageUrls, row),
      audience_type: row.audience_type,
      sources: { users: row.source_users },
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    });

    function listPage(
      where: string,
      params: unknown[],
      page: number,
      pageSize: number,
      order: string | SortKey = adminListOrder(DASHBOARDS, {}),
      select = SELECT,
      cursor?: string,
      cap?: number,
      language?: ContentLanguage,
    ): Promise<CursorPage<Dashboard>> {
      const map = (row: DashboardRow) => toDashboard(row, language);
      return contentPage(db, DASHBOARDS, select, map, { where, params, order, page, pageSize, cursor, countCap: cap });
    }

    async function byId(id: number): Promise<Dashboard | null> {
      const { rows } = await db.query<DashboardRow>(`${SELECT} WHERE d.id = $1`, [id]);
      return rows[0] ? toDashboard(rows[0]) : null;
    }

    function lock(tx: Queryable, id: number, session: Session): Promise<LockedEntityItem> {
      return lockManaged(DASHBOARDS, tx, id, session, NOT_FOUND);
    }

    const writes = publicationWrites(fastify, DASHBOARDS, lock);
    const translations = translationWrites(TRANSLATED.dashboard);

    const description = (text: string | null | undefined) => (text === undefined || text === null ? text : cleanDescription(text));

    const repository: DashboardsRepository = {
      async list(query, session) {
        const params: unknown[] = [];
        // The person's favourites first.
        const userId = session.user.id;
        const where = visibility(session, query.includes_unpublished === true, params);
        // `favourite`: the select's output column.
        return listPage(
          where,
          params,
          query.page ?? 1,
          query.page_size ?? 20,
          'favourite DESC, d.created_at DESC, d.id DESC',
          select(userId),
          undefined,
          undefined,
          await readerLanguage(db, session),
        );
      },

      async get(id, session, { asConsultant = false } = {}) {
        const params: unknown[] = [id];
        let where = visibility(session, true, params);
        if (asConsultant) where = `(${where} OR ${seenByACustomerOf(session, params)})`;
        const { rows } = await db.query<DashboardRow>(`${select(session.user.id)} WHERE d.id = $1 AND ${where}`, params);
        return rows[0] ? toDashboard(rows[0], await readerLanguage(db, session)) : null;
      },

      async setFavourite(id, favourite, session) {
        if (!(await repository.get(id, session))) return false;
        if (favourite)
          await db.query(
            'INSERT INTO dashboard_favourites (user_id, dashboard_id) VALUES ($1, $2) ON CONFLICT (user_id, dashboard_id) DO NOTHING',
            [session.user.id, id],
          );
        else await db.query('DELETE FROM dashboard_favourites WHERE user_id = $1 AND dashboard_id = $2', [session.user.id, id]);
        return true;
      },

      async adminList(query, session) {
        const params: unknown[] = [];
        const conditions = [adminEntityCondition(session, 'd.entity_id', params), ...adminListFilters(DASHBOARDS, query, params)];
        return listPage(
          conditions.join(' AND '),
          params,
          query.page ?? 1,
          query.page_size ?? 20,
          adminListOrder(DASHBOARDS, query),
          SELECT,
          query.cursor,
          countCap(query.search),
        );
      },

      async adminGet(id, session) {
        const dashboard = await byId(id);
        return dashboard && mayManageEntity(session, dashboard.entity?.id ?? null) ? dashboard : null;
      },

      async create(body, session) {
        const url = httpsUrl(body.url, devReports);
        const id = await db.transaction(async (tx) => {
          const entityId = await entityForWrite(tx, session, body.entity_id);
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO dashboards (title, tag, description, url, status, entity_id, audience_type, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
            [
              body.title,
              body.tag ?? null,
              description(body.description) ?? null,
              url,
              PUBLICATION.draft,
              entityId,
              body.audience_type ?? 'multi_users',
              session.actor.id,
            ],
          );
          const created = rows[0]!.id;
          await translations.afterCreate(tx, created, body, session);
          await recordVersion(tx, VERSIONED['dashboard'], created, session);
          await fastify.auditRepository.record(
            session,
            { action: 'dashboard.create', itemType: 'dashboard', itemId: created, details: { title: body.title, entity_id: entityId } },
            tx,
          );
          return created;
        });
        return (await byId(id))!;
      },

      async update(id, body, session) {
        const url = body.url === undefined ? undefined : httpsUrl(body.url, devReports);
        await db.transaction(async (tx) => {
          const dashboard = await lock(tx, id, session);
          assertDraft(dashboard);
          await translations.beforeUpdate(tx, id, body);
          let entityId: number | undefined;
          if (body.entity_id !== undefined && body.entity_id !== dashboard.entity_id)
            entityId = await entityForWrite(tx, session, body.entity_id);
          const params: unknown[] = [];
          const sets = setClauses(
            {
              title: body.title,
              tag: body.tag,
              description: description(body.description),
              url,
              audience_type: body.audience_type,
              entity_id: entityId,
            },
            params,
          );
          params.push(id);
          await tx.query(`UPDATE dashboards SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${params.length}`, params);
          if (entityId !== undefined) await keepRecipientsOf(tx, DASHBOARD_RECIPIENTS, id, entityId);
          await translations.afterUpdate(tx, id, body, session);
          await recordVersion(tx, VERSIONED['dashboard'], id, session);
          await fastify.auditRepository.record(
            session,
            { action: 'dashboard.update', itemType: 'dashboard', itemId: id, details: { fields: changedFields(body) } },
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

      async recipients(id, session, query) {
        const dashboard = await repository.adminGet(id, session);
        return dashboard ? recipientCandidates(db, DASHBOARD_RECIPIENTS, id, dashboard.entity?.id ?? null, query) : null;
      },

      async changeRecipients(id, change, userId, session) {
        await changeAudience(fastify, DASHBOARDS, DASHBOARD_RECIPIENTS, lock, { id, change, userId }, session);
        return (await byId(id))!;
      },

      async listForUser(userId, query, session) {
        const user = await managedUserEntity(db, userId, session);
        return user ? listPage('d.entity_id = $1', [user.entityId], query.page ?? 1, query.page_size ?? 20) : null;
      },
    };
    fastify.decorate('dashboardsRepository', repository);
  },
  { name: 'dashboards-repository', dependencies: ['database', 'image-urls', 'audit-repository'] },
);
