import { PublishableDetailsPage } from '../../../components/publishable/publishable-details-page';
import { newsItemsKind } from '../api/news-items-api';

/** /admin/news-items/details/{id?} */
export function NewsItemDetailsPage() {
  return <PublishableDetailsPage kind={newsItemsKind} />;
}
