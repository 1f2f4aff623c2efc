import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SortOrder = 'asc' | 'desc';

/** A list's state as the URL holds it: `?page=2&sort=title&order=asc&search=q&status=16`. */
export interface ListParams {
  page: number;
  /** Where `page` starts in a list paged by keyset (the previous page's `next_cursor`), else null. */
  cursor: string | null;
  /** The sorted column's key, or null for the server's default order. */
  sort: string | null;
  order: SortOrder;
  search: string;
  /** The named filters that are set (unset ones are absent). */
  filters: Record<string, string>;
}

export interface ListParamsControl {
  params: ListParams;
  /** Page `page`; from `cursor` when the list pages by keyset (a cursor is dropped with any other change). */
  setPage: (page: number, cursor?: string | null) => void;
  /** Sorts by `key`: ascending first, then the other way on the same key. */
  toggleSort: (key: string) => void;
  /** A new search starts again at page 1. */
  setSearch: (search: string) => void;
  /** An empty value removes the filter; page 1 again. */
  setFilter: (name: string, value: string) => void;
  /** Removes the search and every filter. */
  clear: () => void;
}

/**
 * A server-side list's page, sort, search and filters kept in the URL, so that a reload or a
 * shared link shows the same list. `filterNames` are the query parameters read as filters.
 */
export function useListParams(filterNames: readonly string[] = []): ListParamsControl {
  const [searchParams, setSearchParams] = useSearchParams();
  const namesKey = filterNames.join(',');

  const params = useMemo<ListParams>(() => {
    const page = Number(searchParams.get('page'));
    const filters: Record<string, string> = {};
    for (const name of namesKey ? namesKey.split(',') : []) {
      const value = searchParams.get(name);
      if (value) filters[name] = value;
    }
    return {
      page: Number.isInteger(page) && page > 0 ? page : 1,
      cursor: searchParams.get('cursor') || null,
      sort: searchParams.get('sort') || null,
      order: searchParams.get('order') === 'desc' ? 'desc' : 'asc',
      search: searchParams.get('search') ?? '',
      filters,
    };
  }, [searchParams, namesKey]);

  // Each change starts from the address as the last change left it, not as the last render saw it:
  // react-router hands a functional update the params of the last render, so of two changes made
  // before the list renders again (a search applied as its box is left for a filter), only the
  // second was kept, and the lost search, applied again after its pause, could send the person back
  // to the list after they had clicked a row.
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, replace = false) => {
      const next = new URLSearchParams(latest.current);
      edit(next);
      latest.current = next;
      setSearchParams(next, { replace });
    },
    [setSearchParams],
  );

  const setValue = (next: URLSearchParams, name: string, value: string) => (value ? next.set(name, value) : next.delete(name));

  return {
    params,
    setPage: useCallback(
      (page: number, cursor?: string | null) =>
        change((next) => {
          setValue(next, 'page', page > 1 ? String(page) : '');
          setValue(next, 'cursor', page > 1 && cursor ? cursor : '');
        }),
      [change],
    ),
    toggleSort: useCallback(
      (key: string) =>
        change((next) => {
          const desc = next.get('sort') === key && next.get('order') !== 'desc';
          next.set('sort', key);
          next.set('order', desc ? 'desc' : 'asc');
          next.delete('page');
          next.delete('cursor');
        }),
      [change],
    ),
    setSearch: useCallback(
      (search: string) =>
        change((next) => {
          setValue(next, 'search', search.trim());
          next.delete('page');
          next.delete('cursor');
        }, true),
      [change],
    ),
    setFilter: useCallback(
      (name: string, value: string) =>
        change((next) => {
          setValue(next, name, value);
          next.delete('page');
          next.delete('cursor');
        }),
      [change],
    ),
    clear: useCallback(
      () =>
        change((next) => {
          for (const name of ['search', 'page', 'cursor', ...(namesKey ? namesKey.split(',') : [])]) next.delete(name);
        }),
      [change, namesKey],
    ),
  };
}
