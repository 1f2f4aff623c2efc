import { Box, Text } from '@chakra-ui/react';
import { hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route } from 'react-router-dom';
import { EntitiesPage } from './features/entities/components/entities-page';
import { EntityDetailsPage } from './features/entities/components/entity-details-page';
import { UserDetailsPage } from './features/users/components/user-details-page';
import { UsersPage } from './features/users/components/users-page';
import { peoplePaths } from './people-paths';

/** Users and companies are for administrators (SPEC §6); the API refuses others too, this says so first. */
function AdministratorsOnly({ children }: { children: ReactNode }) {
  const { session } = useRemoteProps();
  const { t } = useTranslation('admin');
  if (hasRole(session.user.rights, 'administrator')) return <>{children}</>;
  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Text role="alert">{t('people.administratorsOnly')}</Text>
    </Box>
  );
}

const only = (page: ReactNode) => <AdministratorsOnly>{page}</AdministratorsOnly>;

/** The people consoles' routes (users, companies): a fragment of <Route>s, spread into the remote's <Routes>. */
export function peopleRoutes() {
  const { users, entities } = peoplePaths;
  return (
    <>
      <Route path={users} element={only(<UsersPage />)} />
      <Route path={`${users}/details/:id`} element={only(<UserDetailsPage />)} />
      <Route path={entities} element={only(<EntitiesPage />)} />
      <Route path={`${entities}/details/:id?`} element={only(<EntityDetailsPage />)} />
    </>
  );
}
