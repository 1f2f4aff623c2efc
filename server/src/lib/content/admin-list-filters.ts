import { PUBLICATION, type PublicationStatus } from '@hub/shared/api';
import type { ContentTable } from './rows';
import { searchWords, stillTyping, tsqueryText } from '../search/search-query';
import { likePattern } from './sql';

/** The admin lists' filters: `status` (unknown values read as draft: "draft" is everything not published) and a title search. */
export function adminListFilters(
  { table, alias }: ContentTable,
  query: { status?: PublicationStatus; search?: string; pinned?: boolean; category_id?: number },
  params: unknown[],
): string[] {
  const conditions: string[] = [];
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
    const title = `${alias}.title ILIKE $${params.length}`;
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

const SORTABLE = { title: 'lower(%.title)', status: '%.status', updated_at: '%.updated_at' } as const;

/** The admin lists' ORDER BY: the asked column (ties by id), else newest first. */
export function adminListOrder({ alias }: ContentTable, query: { sort?: keyof typeof SORTABLE; order?: 'asc' | 'desc' }): string {
  if (!query.sort) return `${alias}.created_at DESC, ${alias}.id DESC`;
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  return `${SORTABLE[query.sort].replace('%', alias)} ${direction}, ${alias}.id ${direction}`;
}
