import type { ApiClient, DiscussionList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useState } from 'react';
import useSWR from 'swr';

export type DiscussionScope = 'open' | 'all';

/**
 * GET /api/discussions (the open ones) or /api/discussions/all: the displayed user's own
 * discussions, newest activity first, `pages` pages following the server's cursors.
 */
export async function getDiscussions(api: ApiClient, scope: DiscussionScope, pages = 1): Promise<DiscussionList> {
  const path = scope === 'open' ? '/discussions' : '/discussions/all';
  const first = await api.get<DiscussionList>(path);
  let items = first.items;
  let next_cursor = first.next_cursor ?? null;
  for (let page = 1; page < pages && next_cursor !== null; page += 1) {
    const next = await api.get<DiscussionList>(`${path}?cursor=${encodeURIComponent(next_cursor)}`);
    items = [...items, ...next.items];
    next_cursor = next.next_cursor;
  }
  return { ...first, items, next_cursor };
}

/** Every discussions key starts with 'discussions', so that a live event revalidates them all at once. */
export function discussionsKey(scope: DiscussionScope, userId: number, pages = 1) {
  return ['discussions', 'list', scope, userId, pages] as const;
}

/** The list, with `loadMore` reading its next page. */
export function useDiscussions(scope: DiscussionScope) {
  const { api, session } = useRemoteProps();
  const [pages, setPages] = useState(1);
  const result = useSWR(discussionsKey(scope, session.displayedUser.id, pages), () => getDiscussions(api, scope, pages), {
    keepPreviousData: true,
  });
  const { data } = result;
  const more =
    data && (data.next_cursor ?? null) !== null
      ? { total: data.total, capped: data.total_capped, loading: result.isValidating, onMore: () => setPages((count) => count + 1) }
      : undefined;
  return { ...result, more };
}
