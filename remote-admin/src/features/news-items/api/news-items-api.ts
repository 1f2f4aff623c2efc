import { portalPaths, type NewsItem, type NewsItemCreateBody } from '@hub/shared/api';
import { publishableApi, type PublishableKind } from '../../../components/publishable/publishable-api';
import { articleBody } from '../../../components/publishable/publishable-form-values';
import { paths } from '../../../paths';

/** /api/admin/news-items: fetchers, SWR keys and hooks (list, item, writes that revalidate the list). */
export const newsItemsApi = publishableApi<NewsItem, NewsItemCreateBody>('news-items');

/** The news items console: news for everyone (not per entity), pinned ones on the home page. */
export const newsItemsKind: PublishableKind<NewsItem, NewsItemCreateBody> = {
  api: newsItemsApi,
  listPath: paths.newsItems,
  words: 'newsItems',
  fields: ['subtitle', 'category', 'images', 'pinned'],
  body: articleBody,
  previewPath: (id) => `${portalPaths.newsItem(id)}?preview=true`,
  entityScoped: false,
};
