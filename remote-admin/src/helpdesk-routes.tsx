import { Box, Text } from '@chakra-ui/react';
import { hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route } from 'react-router-dom';
import { helpdeskPaths } from './helpdesk-paths';
import { lazyPage } from './lazy-page';

const TicketsPage = lazyPage(() => import('./features/tickets/components/tickets-page').then((m) => m.TicketsPage));
const TicketDetailsPage = lazyPage(() => import('./features/tickets/components/ticket-details-page').then((m) => m.TicketDetailsPage));

/** The helpdesk console is for administrators (the API refuses others too); this says so first. */
function AdministratorsOnly({ children }: { children: ReactNode }) {
  const { session } = useRemoteProps();
  const { t } = useTranslation('admin');
  if (hasRole(session.user.rights, 'administrator')) return <>{children}</>;
  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Text role="alert">{t('tickets.administratorsOnly')}</Text>
    </Box>
  );
}

/** The staff's helpdesk routes: a fragment of <Route>s, spread into the remote's <Routes>. */
export function helpdeskRoutes() {
  const { tickets } = helpdeskPaths;
  return (
    <>
      <Route
        path={tickets}
        element={
          <AdministratorsOnly>
            <TicketsPage />
          </AdministratorsOnly>
        }
      />
      <Route
        path={`${tickets}/details/:id`}
        element={
          <AdministratorsOnly>
            <TicketDetailsPage />
          </AdministratorsOnly>
        }
      />
    </>
  );
}
