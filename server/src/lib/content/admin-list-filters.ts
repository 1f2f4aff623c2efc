import { PUBLICATION, type PublicationStatus, type TranslationState } from '@hub/shared/api';
import { keysetAt, type SortKey } from '../paging';
import type { ContentTable } from './rows';
import { searchWords, stillTyping, tsqueryText } from '../search/search-query';
import { foldedLike, likePattern } from './sql';
import { TRANSLATED, translationStateCondition } from './translations';

/** The admin lists' filters: `status` (unknown values read as draft: "draft" is everything not published) and a title search. */
export function adminListFilters(
  { table, alias, itemType }: ContentTable,
  query: { status?: PublicationStatus; search?: string; pinned?: boolean; category_id?: number; translation?: TranslationState },
  params: unknown[],
): string[] {
  const conditions: string[] = [];
  if (query.translation !== undefined)
    conditions.push(translationStateCondition({ ...TRANSLATED[itemType], alias }, query.translation, params));
  if (table !== 'dashboards' && query.pinned !== undefined) {
    params.push(query.pinned);
    conditions.push(`${alias}.pinned = $${params.length}`);
  }
  if (table !== 'dashboards' && query.category_id !== undefined) {
    params.push(query.category_id);
    conditions.push(`${alias}.category_id = $${params.length}`);
  }
  if (query.status !== undefined) {
    params.push(PUBLICATION.published);
    conditions.push(
      query.status === PUBLICATION.published ? `${alias}.status = $${params.length}` : `${alias}.status <> $${params.length}`,
    );
  }
  if (query.search) {
    params.push(likePattern(query.search));
    const title = foldedLike(`${alias}.title`, `$${params.length}`);
    // The consoles' search box uses the portal search's index too: a word of the body finds the item.
    const words = searchWords(query.search);
    if (words.length === 0) conditions.push(title);
    else {
      params.push(tsqueryText(words, stillTyping(query.search)));
      const tsquery = `(to_tsquery('search_english', $${params.length}) || to_tsquery('search_french', $${params.length}))`;
      conditions.push(`(${title} OR ${alias}.search @@ ${tsquery})`);
    }
  }
  return conditions;
}

/** The sortable columns: how they compare, how a cursor writes them, their type. */
const SORTABLE = {
  created_at: {
    compare: (alias: string) => `${alias}.created_at`,
    value: (alias: string) => keysetAt(`${alias}.created_at`),
    cast: 'timestamptz',
  },
  title: { compare: (alias: string) => `lower(${alias}.title)`, value: (alias: string) => `lower(${alias}.title)`, cast: 'text' },
  status: { compare: (alias: string) => `${alias}.status`, value: (alias: string) => `${alias}.status`, cast: 'int' },
  updated_at: {
    compare: (alias: string) => `${alias}.updated_at`,
    value: (alias: string) => keysetAt(`${alias}.updated_at`),
    cast: 'timestamptz',
  },
} as const;

/**
 * The admin lists' order as a keyset: the asked column (ties by id, the same direction), else
 * newest first. Every order has its index (migrations 0051, 0052), so a page read after a cursor
 * costs what the first page does, at any depth.
 */
export function adminListOrder(
  { alias }: ContentTable,
  query: { sort?: 'title' | 'status' | 'updated_at'; order?: 'asc' | 'desc' },
): SortKey {
  const column = query.sort ?? 'created_at';
  const direction = !query.sort || query.order === 'desc' ? 'DESC' : 'ASC';
  const { compare, value, cast } = SORTABLE[column];
  return { name: `${column}.${direction}`, compare: compare(alias), value: value(alias), cast, id: `${alias}.id`, direction };
}
