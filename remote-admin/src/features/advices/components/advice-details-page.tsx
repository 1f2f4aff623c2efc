import { EntityGate } from '../../../components/entity-gate';
import { PublishableDetailsPage } from '../../../components/publishable/publishable-details-page';
import { advicesKind } from '../api/advices-api';

/** /entity/admin/advices/details/{id?} */
export function AdviceDetailsPage() {
  return (
    <EntityGate>
      <PublishableDetailsPage kind={advicesKind} />
    </EntityGate>
  );
}
