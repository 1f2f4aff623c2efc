import { PublishableListPage } from '../../../components/publishable/publishable-list-page';
import { newsItemsKind } from '../api/news-items-api';

/** /admin/news-items */
export function NewsItemsPage() {
  return <PublishableListPage kind={newsItemsKind} />;
}
