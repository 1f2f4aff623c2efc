import type { NewsItem } from '@hub/shared/api';
import type { PublishableKind } from '../../../components/publishable/publishable-kind';
import { paths } from '../../../paths';
import { newsItemsApi } from '../api/news-items-api';

/** The news items console: news for everyone (not per entity), pinned ones on the home page. */
export const newsItemsKind: PublishableKind<NewsItem> = {
  api: newsItemsApi,
  listPath: paths.newsItems,
  words: 'newsItems',
  fields: ['subtitle', 'category', 'images', 'pinned'],
  previewPath: (id) => `/news-items/details/${id}?preview=true`,
  entityScoped: false,
};
