import { EntityGate } from '../../../components/entity-gate';
import { PublishableListPage } from '../../../components/publishable/publishable-list-page';
import { dashboardsKind } from '../api/dashboards-api';

/** /entity/admin/dashboard */
export function DashboardsPage() {
  return (
    <EntityGate>
      <PublishableListPage kind={dashboardsKind} />
    </EntityGate>
  );
}
