import type { AudienceType, Category, EntitySummary } from '@hub/shared/api';
import type { ImageJson, ImageUrls } from '../images/image-json';

// The row types that advices, dashboards and news items share; what differs stays in each repository.

/** A publishable content's table (advices, dashboards, news items), as the shared pieces of this folder address it. */
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

/** A page that also says whether the count stopped at COUNT_CAP, and where the next page starts (keyset). */
export interface CursorPage<Item> extends Page<Item> {
  total_capped: boolean;
  next_cursor: string | null;
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

/** An item of per-entity content (advices, dashboards), as locked for a write. */
export interface LockedEntityItem extends LockedItem {
  entity_id: number | null;
}
