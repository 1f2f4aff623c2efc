import { PUBLICATION, type PublicationStatus } from '@hub/shared/api';
import type { ContentTable } from './rows';
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
    conditions.push(`${alias}.title ILIKE $${params.length}`);
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
