import type { NewsItemList } from '@hub/shared/api';
import { useRemoteProps, useWidgetData, WidgetFrame, WidgetLink, WidgetStatus } from '@hub/shared/remote/widgets';
import { splitPinned } from '../features/news/hooks/split-pinned';
import { paths } from '../paths';
import { widgetText } from './widget-text';

/** How many pinned news items the home page shows. */
export const PINNED_NEWS_SHOWN = 3;

/** Home widget: the pinned news (newest first), with a link to all the news. */
export function PinnedNewsWidget() {
  const { api, session, language } = useRemoteProps();
  const text = widgetText(language);
  const unpublished = session.displayAs?.includesUnpublished ?? false;
  const news = useWidgetData(`${session.displayedUser.id}:${unpublished}`, () =>
    api.get<NewsItemList>('/news-items', unpublished ? { includes_unpublished: true } : undefined, { silent: true }),
  );
  const pinned = news.status === 'ready' ? splitPinned(news.data.items).pinned.slice(0, PINNED_NEWS_SHOWN) : [];
  return (
    <WidgetFrame id="pinned-news" title={text.widgets.pinnedNewsTitle} more={{ to: paths.newsItems, label: text.widgets.allNews }}>
      {news.status === 'loading' ? <WidgetStatus>{text.news.loading}</WidgetStatus> : null}
      {news.status === 'failed' ? <WidgetStatus>{text.news.loadFailed}</WidgetStatus> : null}
      {news.status === 'ready' && pinned.length === 0 ? <WidgetStatus>{text.widgets.pinnedNewsEmpty}</WidgetStatus> : null}
      {pinned.length > 0 ? (
        <ul>
          {pinned.map((item) => (
            <li key={item.id}>
              <WidgetLink to={paths.newsDetails(item.id)}>{item.title}</WidgetLink>
              {item.subtitle ? <p className="hub-widget-muted">{item.subtitle}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </WidgetFrame>
  );
}
