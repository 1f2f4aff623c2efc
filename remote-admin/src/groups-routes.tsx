import { Route } from 'react-router-dom';
import { groupsPaths } from './groups-paths';
import { AdministratorsOnly } from './components/administrators-only';
import { lazyPage } from './lazy-page';

// Each console's pages load with their route (size budget of a list page, issue 13).
const GroupsPage = lazyPage(() => import('./features/groups/components/groups-page').then((m) => m.GroupsPage));
const GroupDetailsPage = lazyPage(() => import('./features/groups/components/group-details-page').then((m) => m.GroupDetailsPage));
const AuditPage = lazyPage(() => import('./features/audit/components/audit-page').then((m) => m.AuditPage));

/** The groups console's and the audit log's routes: a fragment of <Route>s, spread into the remote's <Routes>. */
export function groupsRoutes() {
  const { groups, audit } = groupsPaths;
  return (
    <>
      <Route
        path={groups}
        element={
          <AdministratorsOnly section="groups">
            <GroupsPage />
          </AdministratorsOnly>
        }
      />
      <Route
        path={`${groups}/details/:id?`}
        element={
          <AdministratorsOnly section="groups">
            <GroupDetailsPage />
          </AdministratorsOnly>
        }
      />
      <Route
        path={audit}
        element={
          <AdministratorsOnly section="audit">
            <AuditPage />
          </AdministratorsOnly>
        }
      />
    </>
  );
}
