import type { NewsItem, NewsItemCreateBody, NewsItemUpdateBody } from '@hub/shared/api';
import { publishableApi } from '../../../components/publishable/publishable-api';

/** /api/admin/news-items: fetchers, SWR keys and hooks (list, item, writes that revalidate the list). */
export const newsItemsApi = publishableApi<NewsItem, NewsItemCreateBody, NewsItemUpdateBody>('news-items');
export const {
  getList: getNewsItems,
  listKey: newsItemsKey,
  useList: useNewsItems,
  getItem: getNewsItem,
  useItem: useNewsItem,
} = newsItemsApi;
