import type { ApiClient, PendingList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useState } from 'react';
import useSWR from 'swr';

/**
 * GET /api/discussions/pending: a consultant's customers (a customer's consultants) and what waits
 * from each, waiting first; `pages` pages of the server's page size.
 */
export async function getPending(api: ApiClient, pages = 1): Promise<PendingList> {
  const first = await api.get<PendingList>('/discussions/pending');
  let items = first.items;
  for (let page = 2; page <= pages && items.length < first.total; page += 1) {
    items = [...items, ...(await api.get<PendingList>(`/discussions/pending?page=${page}`)).items];
  }
  return { ...first, items };
}

export function pendingKey(userId: number, pages = 1) {
  return ['discussions', 'pending', userId, pages] as const;
}

/** The people, with `more` (when the server holds more) reading the next page. */
export function usePending() {
  const { api, session } = useRemoteProps();
  const [pages, setPages] = useState(1);
  const result = useSWR(pendingKey(session.displayedUser.id, pages), () => getPending(api, pages), { keepPreviousData: true });
  const { data } = result;
  const more =
    data && data.items.length < data.total
      ? { total: data.total, capped: false, loading: result.isValidating, onMore: () => setPages((count) => count + 1) }
      : undefined;
  return { ...result, more };
}
