import type { SearchHit, SearchKind, SearchResult } from '@hub/shared/api';

// A search's request and a round's answer, shared by the search's parts (search.ts).

export interface SearchRequest {
  q: string;
  kinds: SearchKind[] | null;
  scope: 'portal' | 'admin';
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
  includesUnpublished: boolean;
  /**
   * How the large kinds' newest matches are read, instead of the choice made from the words'
   * statistics (search-plan.ts): for tests, which show that both ways find the same.
   */
  way?: 'walk' | 'index';
}

/** A round's answer: its hits without their snippets and paths yet (withSnippets). */
export type Unquoted = Omit<SearchResult, 'items'> & { items: Array<Omit<SearchHit, 'snippet' | 'path'>> };

export const emptyResult = (request: SearchRequest): SearchResult => ({
  items: [],
  total: 0,
  total_capped: false,
  counts: [],
  page: request.page,
  page_size: request.pageSize,
  suggestion: null,
  corrected: false,
});
