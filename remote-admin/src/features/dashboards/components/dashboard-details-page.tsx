import { EntityGate } from '../../../components/entity-gate';
import { PublishableDetailsPage } from '../../../components/publishable/publishable-details-page';
import { dashboardsKind } from '../api/dashboards-api';

/** /entity/admin/dashboard/details/{id?} */
export function DashboardDetailsPage() {
  return (
    <EntityGate>
      <PublishableDetailsPage kind={dashboardsKind} />
    </EntityGate>
  );
}
