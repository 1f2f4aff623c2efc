import type { SearchHit, SearchResult } from '@hub/shared/api';
import { get, type SeenRequest, type startApiServer } from '@hub/shared/test-support';
import { useLocation } from 'react-router-dom';

/** What the search palette's and page's tests share: hits, answers, and the search API of their test server. */

export const hit = (fields: Partial<SearchHit> & Pick<SearchHit, 'kind' | 'id' | 'title' | 'path'>): SearchHit => ({
  snippet: '',
  date: null,
  ...fields,
});

/** An answer of GET /api/search holding `items`, for a page of `pageSize`. */
export const searchResult = (items: SearchHit[], pageSize: number, extra: Partial<SearchResult> = {}): SearchResult => ({
  items,
  total: items.length,
  total_capped: false,
  counts: [],
  page: 1,
  page_size: pageSize,
  suggestion: null,
  corrected: false,
  ...extra,
});

/** GET /api/search on the test server, answered from its query; and the queries it was asked. */
export function searchApi(server: ReturnType<typeof startApiServer>) {
  return {
    route: (answer: (query: URLSearchParams) => SearchResult) =>
      get('/api/search', (request: SeenRequest) => answer(new URL(request.url, server.origin).searchParams)),
    seen: () =>
      server.requests
        .filter((request) => request.path === '/api/search')
        .map((request) => new URL(request.url, server.origin).searchParams),
  };
}

/** The router's whole location, query included (render-shell's `where` shows the path only). */
export function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
