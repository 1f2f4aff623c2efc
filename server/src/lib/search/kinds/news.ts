import { adminPaths, portalPaths } from '@hub/shared/api';
import { newsItemVisibility } from '../../content/visibility';
import { TRANSLATED, translatedSearchVector } from '../../content/translations';
import type { SearchKindModule } from './kind';

/** News items: all of them in the consoles (the news console's rule); else the person's list's. */
export const news: SearchKindModule =
  ({ session, admin, unpublished }) =>
  (m, params) => ({
    from: 'news_items n',
    table: 'news_items n',
    visible: admin ? 'TRUE' : newsItemVisibility(session, unpublished, params),
    walked: 'news_items',
    id: 'n.id',
    title: 'n.title',
    date: 'n.created_at',
    vector: translatedSearchVector(TRANSLATED['news-item']),
    titleIndexed: true,
    matches: m.condition(translatedSearchVector(TRANSLATED['news-item']), 'n.title'),
    body: () => `coalesce(n.subtitle, '') || ' ' || search_html_text(n.description)`,
    path: (id) => (admin ? adminPaths.newsItem(id) : portalPaths.newsItem(id)),
  });
