import { PublishableDetailsPage } from '../../../components/publishable/publishable-details-page';
import { newsItemsKind } from './news-items-kind';

/** /admin/news-items/details/{id?} */
export function NewsItemDetailsPage() {
  return <PublishableDetailsPage kind={newsItemsKind} />;
}
