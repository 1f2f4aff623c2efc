import type { NewsItem } from '@hub/shared/api';
import { ContentCard } from '../../../components/content-card';
import { paths } from '../../../paths';

export function NewsCard({ item }: { item: NewsItem }) {
  return <ContentCard content={item} headingId={`news-${item.id}`} level="h3" to={paths.newsDetails(item.id)} fullHeight />;
}
