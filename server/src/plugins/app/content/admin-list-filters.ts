import { PUBLICATION, type PublicationStatus } from '@hub/shared/api';
import type { ContentTable } from './rows';
import { likePattern } from './sql';

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
