import { EntityGate } from '../../../components/entity-gate';
import { PublishableListPage } from '../../../components/publishable/publishable-list-page';
import { advicesKind } from '../api/advices-api';

/** /entity/admin/advices */
export function AdvicesPage() {
  return (
    <EntityGate>
      <PublishableListPage kind={advicesKind} />
    </EntityGate>
  );
}
