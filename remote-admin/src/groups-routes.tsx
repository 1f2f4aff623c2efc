import { Box, Text } from '@chakra-ui/react';
import { hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route } from 'react-router-dom';
import { groupsPaths } from './groups-paths';
import { lazyPage } from './lazy-page';

// Each console's pages load with their route (size budget of a list page, issue 13).
const GroupsPage = lazyPage(() => import('./features/groups/components/groups-page').then((m) => m.GroupsPage));
const GroupDetailsPage = lazyPage(() => import('./features/groups/components/group-details-page').then((m) => m.GroupDetailsPage));
const AuditPage = lazyPage(() => import('./features/audit/components/audit-page').then((m) => m.AuditPage));

/** Groups, the Power BI sync and the audit log are for administrators; the API refuses others too, this says so first. */
function AdministratorsOnly({ children, message }: { children: ReactNode; message: 'groups' | 'audit' }) {
  const { session } = useRemoteProps();
  const { t } = useTranslation('admin');
  if (hasRole(session.user.rights, 'administrator')) return <>{children}</>;
  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Text role="alert">{t(`${message}.administratorsOnly`)}</Text>
    </Box>
  );
}

/** The groups console's and the audit log's routes: a fragment of <Route>s, spread into the remote's <Routes>. */
export function groupsRoutes() {
  const { groups, audit } = groupsPaths;
  return (
    <>
      <Route
        path={groups}
        element={
          <AdministratorsOnly message="groups">
            <GroupsPage />
          </AdministratorsOnly>
        }
      />
      <Route
        path={`${groups}/details/:id?`}
        element={
          <AdministratorsOnly message="groups">
            <GroupDetailsPage />
          </AdministratorsOnly>
        }
      />
      <Route
        path={audit}
        element={
          <AdministratorsOnly message="audit">
            <AuditPage />
          </AdministratorsOnly>
        }
      />
    </>
  );
}
