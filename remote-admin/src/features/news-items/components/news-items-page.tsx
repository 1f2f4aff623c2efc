import { PublishableListPage } from '../../../components/publishable/publishable-list-page';
import { newsItemsKind } from './news-items-kind';

/** /admin/news-items */
export function NewsItemsPage() {
  return <PublishableListPage kind={newsItemsKind} />;
}
