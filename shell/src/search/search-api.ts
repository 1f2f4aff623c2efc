import { type ApiClient, isApiError, type SearchHit, type SearchKind, type SearchResult } from '@hub/shared/api';

export interface SearchParams {
  q: string;
  kinds?: readonly SearchKind[];
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** How long a search answered 503 (the database reopening, or busy) waits before its one retry. */
export const SEARCH_RETRY_MS = 1000;

/**
 * GET /api/search; `signal` cancels it when a newer search replaces it. A 503 (the database busy
 * or reopening: the server asks to retry) is tried once more after SEARCH_RETRY_MS, so that one
 * passing outage does not leave the palette showing an error for what the person just typed.
 */
export async function fetchSearch(api: ApiClient, params: SearchParams, signal?: AbortSignal): Promise<SearchResult> {
  const query = {
    q: params.q,
    kinds: params.kinds?.length ? params.kinds.join(',') : undefined,
    from: params.from || undefined,
    to: params.to || undefined,
    page: params.page && params.page > 1 ? params.page : undefined,
    page_size: params.pageSize,
  };
  const get = () => api.get<SearchResult>('/search', query, { signal, silent: true });
  try {
    return await get();
  } catch (error) {
    if (!isApiError(error, 503) || signal?.aborted) throw error;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, SEARCH_RETRY_MS);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(error);
        },
        { once: true },
      );
    });
    return get();
  }
}

/** The hits grouped by kind, each group in the order of the hits' ranking (the best group first). */
export function groupByKind(hits: readonly SearchHit[]): { kind: SearchKind; hits: SearchHit[] }[] {
  const groups = new Map<SearchKind, SearchHit[]>();
  for (const hit of hits) groups.set(hit.kind, [...(groups.get(hit.kind) ?? []), hit]);
  return [...groups].map(([kind, grouped]) => ({ kind, hits: grouped }));
}

const RECENT_KEY = 'hub.search.recent';
const RECENT_MAX = 5;

/** The person's recent searches, kept in this browser only, newest first. */
export function recentSearches(storage: Storage = localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(query: string, storage: Storage = localStorage): void {
  const trimmed = query.trim();
  if (trimmed.length < 2) return;
  const next = [trimmed, ...recentSearches(storage).filter((item) => item.toLowerCase() !== trimmed.toLowerCase())].slice(0, RECENT_MAX);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // A full or refused storage only loses the history.
  }
}

export function forgetSearches(storage: Storage = localStorage): void {
  storage.removeItem(RECENT_KEY);
}
