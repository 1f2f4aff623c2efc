import { httpErrors } from '@fastify/sensible';
import { PUBLICATION, type Version, type VersionList, type VersionListQuery } from '@hub/shared/api';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { syncContentNotifications } from '../notifications/notifications';
import type { Session } from '../auth/session';
import { iso } from '../iso';

/**
 * Every save of a governed content kept as a version (migration 0151), written once for the three
 * kinds: a repository calls `record` after each create and update in its transaction, publishing
 * marks the newest version (publication-writes.ts), and the routes read and restore.
 */

export interface VersionedTable {
  table: string;
  itemType: 'advice' | 'news-item' | 'dashboard';
  /** The columns a version keeps and a restore writes back (the item's company and status are not). */
  columns: readonly string[];
  /** The columns that name another row: a restore leaves them empty when that row is gone. */
  references: Readonly<Record<string, string>>;
}

const ILLUSTRATED = { category_id: 'categories', banner_image_id: 'images', thumbnail_image_id: 'images' };

export const VERSIONED = {
  advice: {
    table: 'advices',
    itemType: 'advice',
    columns: [
      'source_language',
      'title',
      'subtitle',
      'description',
      'audience_type',
      'pinned',
      'category_id',
      'banner_image_id',
      'thumbnail_image_id',
    ],
    references: ILLUSTRATED,
  },
  'news-item': {
    table: 'news_items',
    itemType: 'news-item',
    columns: [
      'source_language',
      'title',
      'subtitle',
      'description',
      'pinned',
      'tag',
      'category_id',
      'banner_image_id',
      'thumbnail_image_id',
    ],
    references: ILLUSTRATED,
  },
  dashboard: {
    table: 'dashboards',
    itemType: 'dashboard',
    columns: ['source_language', 'title', 'tag', 'description', 'url', 'audience_type'],
    references: {},
  },
} as const satisfies Record<VersionedTable['itemType'], VersionedTable>;

type Snapshot = Record<string, unknown> & { translations?: Record<string, Record<string, unknown>> };

/** The item as it is now: its kept columns and its translations. */
async function snapshotOf(tx: Queryable, t: VersionedTable, id: number): Promise<Snapshot> {
  const { rows } = await tx.query<{ snapshot: Snapshot }>(
    `SELECT jsonb_build_object(${t.columns.map((c) => `'${c}', x.${c}`).join(', ')})
            || jsonb_build_object('translations', coalesce((
                 SELECT jsonb_object_agg(ct.language, jsonb_build_object('title', ct.title, 'subtitle', ct.subtitle,
                          'description', ct.description, 'source_digest', ct.source_digest))
                   FROM content_translations ct WHERE ct.item_type = $2 AND ct.item_id = x.id), '{}'::jsonb)) AS snapshot
       FROM ${t.table} x WHERE x.id = $1`,
    [id, t.itemType],
  );
  return rows[0]!.snapshot;
}

/**
 * The fields that differ between two snapshots (every field set, when there is no previous one), in
 * the kind's column order (a jsonb object keeps its keys in an order of its own).
 */
function changed(columns: readonly string[], previous: Snapshot | null, next: Snapshot): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const fields = columns.filter((key) => (previous ? !same(previous[key], next[key]) : next[key] !== null));
  const languages = new Set([...Object.keys(previous?.translations ?? {}), ...Object.keys(next.translations ?? {})]);
  for (const language of [...languages].sort()) {
    const before = previous?.translations?.[language];
    const after = next.translations?.[language];
    const text = (value: Record<string, unknown> | undefined) => value && { ...value, source_digest: undefined };
    if (!same(text(before), text(after))) fields.push(`translations.${language}`);
  }
  return fields;
}

interface VersionRow {
  version: number;
  saved_at: Date | string;
  saved_by_id: number | null;
  saved_by_name: string | null;
  fields: string[];
  restored_from: number | null;
  published_at: Date | string | null;
  snapshot?: Snapshot;
}

const COLUMNS = `v.version, v.saved_at, v.saved_by AS saved_by_id, u.first_name || ' ' || u.last_name AS saved_by_name,
  v.fields, v.restored_from, v.published_at`;

const summary = (row: VersionRow) => ({
  version: row.version,
  saved_at: iso(row.saved_at),
  saved_by: row.saved_by_id === null ? null : { id: row.saved_by_id, name: row.saved_by_name ?? '' },
  fields: row.fields,
  restored_from: row.restored_from,
  published_at: row.published_at === null ? null : iso(row.published_at),
});

/** Keeps a version of the item as it now is, unless nothing kept changed since the last (a restore is always kept). */
export async function recordVersion(
  tx: Queryable,
  t: VersionedTable,
  id: number,
  session: Session,
  restoredFrom: number | null = null,
): Promise<void> {
  const snapshot = await snapshotOf(tx, t, id);
  const { rows } = await tx.query<{ version: number; snapshot: Snapshot }>(
    'SELECT version, snapshot FROM content_versions WHERE item_type = $1 AND item_id = $2 ORDER BY version DESC LIMIT 1',
    [t.itemType, id],
  );
  const last = rows[0] ?? null;
  const fields = changed(t.columns, last?.snapshot ?? null, snapshot);
  if (last && fields.length === 0 && restoredFrom === null) return;
  await tx.query(
    `INSERT INTO content_versions (item_type, item_id, version, saved_by, fields, snapshot, restored_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [t.itemType, id, (last?.version ?? 0) + 1, session.actor.id, fields, JSON.stringify(snapshot), restoredFrom],
  );
}

/** Publishing marks the newest version as the one customers were given (kept first for an item saved before versions). */
export async function markPublishedVersion(tx: Queryable, t: VersionedTable, id: number, session: Session): Promise<void> {
  await recordVersion(tx, t, id, session);
  await tx.query(
    `UPDATE content_versions SET published_at = now()
      WHERE item_type = $1 AND item_id = $2 AND published_at IS NULL
        AND version = (SELECT max(version) FROM content_versions WHERE item_type = $1 AND item_id = $2)`,
    [t.itemType, id],
  );
}

export async function listVersions(db: Queryable, t: VersionedTable, id: number, query: VersionListQuery): Promise<VersionList> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const [total, items] = await Promise.all([
    db.query<{ count: number }>('SELECT count(*)::int AS count FROM content_versions WHERE item_type = $1 AND item_id = $2', [
      t.itemType,
      id,
    ]),
    db.query<VersionRow>(
      `SELECT ${COLUMNS} FROM content_versions v LEFT JOIN users u ON u.id = v.saved_by
        WHERE v.item_type = $1 AND v.item_id = $2 ORDER BY v.version DESC LIMIT $3 OFFSET $4`,
      [t.itemType, id, pageSize, (page - 1) * pageSize],
    ),
  ]);
  return { items: items.rows.map(summary), total: total.rows[0]!.count, page, page_size: pageSize };
}

export async function getVersion(db: Queryable, t: VersionedTable, id: number, version: number): Promise<Version | null> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${COLUMNS}, v.snapshot FROM content_versions v LEFT JOIN users u ON u.id = v.saved_by
      WHERE v.item_type = $1 AND v.item_id = $2 AND v.version = $3`,
    [t.itemType, id, version],
  );
  const row = rows[0];
  return row ? { ...summary(row), snapshot: row.snapshot! } : null;
}

/**
 * Writes a version back as the item's new draft, in the caller's transaction (the item locked):
 * its columns (a category or image deleted since is left empty) and its translations, each with
 * the state it had. The restore is itself kept as a version.
 */
export function restoreVersion(fastify: FastifyInstance, t: VersionedTable, id: number, version: number, session: Session): Promise<void> {
  return fastify.db.transaction(async (tx) => {
    await tx.query(`SELECT id FROM ${t.table} WHERE id = $1 FOR UPDATE`, [id]);
    await writeBack(tx, t, id, version, session);
    // The restored version is a draft: who saw the published item no longer does.
    await syncContentNotifications(tx, t.itemType, [id], session.user.id);
    await fastify.auditRepository.record(
      session,
      { action: `${t.itemType}.restore`, itemType: t.itemType, itemId: id, details: { version } },
      tx,
    );
  });
}

async function writeBack(tx: Queryable, t: VersionedTable, id: number, version: number, session: Session): Promise<void> {
  const { rows } = await tx.query<{ snapshot: Snapshot }>(
    'SELECT snapshot FROM content_versions WHERE item_type = $1 AND item_id = $2 AND version = $3',
    [t.itemType, id, version],
  );
  if (!rows[0]) throw httpErrors.notFound('Version not found');
  const snapshot = rows[0].snapshot;
  const params: unknown[] = [id, PUBLICATION.draft];
  const sets = t.columns.map((column) => {
    params.push(snapshot[column] ?? null);
    const reference = t.references[column as keyof typeof t.references] as string | undefined;
    const value = `$${params.length}`;
    return reference ? `${column} = (SELECT r.id FROM ${reference} r WHERE r.id = ${value}::int)` : `${column} = ${value}`;
  });
  await tx.query(`UPDATE ${t.table} SET ${sets.join(', ')}, status = $2, publish_at = NULL, updated_at = now() WHERE id = $1`, params);
  await tx.query('DELETE FROM content_translations WHERE item_type = $1 AND item_id = $2', [t.itemType, id]);
  for (const [language, text] of Object.entries(snapshot.translations ?? {}))
    await tx.query(
      `INSERT INTO content_translations (item_type, item_id, language, title, subtitle, description, source_digest, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [t.itemType, id, language, text.title, text.subtitle ?? null, text.description ?? null, text.source_digest, session.actor.id],
    );
  await recordVersion(tx, t, id, session, version);
}
