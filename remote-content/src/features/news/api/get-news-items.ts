import type { ApiClient, NewsItem, NewsItemList, NewsItemListQuery } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useDeferredData } from '@hub/shared/ui';
import useSWR from 'swr';

/** GET /api/news-items: the published news (drafts too in the unpublished display-as mode). */
export function getNewsItems(api: ApiClient, query: NewsItemListQuery = {}): Promise<NewsItemList> {
  return api.get<NewsItemList>('/news-items', query);
}

/** GET /api/news-items/:id. Silent: the page shows its own not-found and error states. */
export function getNewsItem(api: ApiClient, id: number, includesUnpublished: boolean): Promise<NewsItem> {
  return api.get<NewsItem>(`/news-items/${id}`, includesUnpublished ? { includes_unpublished: true } : undefined, { silent: true });
}

type Scope = { userId: number; entityId: number | null; unpublished: boolean };
export const newsItemsKey = (query: NewsItemListQuery, scope: Scope) =>
  ['news-items', scope.userId, scope.entityId, scope.unpublished, query] as const;
export const newsItemKey = (id: number, scope: Scope) => ['news-item', id, scope.userId, scope.entityId, scope.unpublished] as const;

function useScope(): Scope {
  const { session } = useRemoteProps();
  return {
    userId: session.displayedUser.id,
    entityId: session.selectedEntityId,
    unpublished: session.displayAs?.includesUnpublished ?? false,
  };
}

export function useNewsItems(query: NewsItemListQuery = {}) {
  const { api } = useRemoteProps();
  const scope = useScope();
  const fullQuery: NewsItemListQuery = scope.unpublished ? { ...query, includes_unpublished: true } : query;
  return useDeferredData(useSWR(newsItemsKey(fullQuery, scope), () => getNewsItems(api, fullQuery)));
}

/** The preview of a draft: the admin API's copy (contributors or more). */
export function getNewsItemPreview(adminApi: ApiClient, id: number): Promise<NewsItem> {
  return adminApi.get<NewsItem>(`/news-items/${id}`, undefined, { silent: true });
}

export function useNewsItem(id: number | null, preview = false) {
  const { api, adminApi } = useRemoteProps();
  const scope = useScope();
  const key = id === null ? null : preview ? ['news-item-preview', id] : newsItemKey(id, scope);
  return useSWR(key, () => (preview ? getNewsItemPreview(adminApi, id!) : getNewsItem(api, id!, scope.unpublished)));
}
