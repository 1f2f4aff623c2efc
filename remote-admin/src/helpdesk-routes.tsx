import { Route } from 'react-router-dom';
import { helpdeskPaths } from './helpdesk-paths';
import { AdministratorsOnly } from './components/administrators-only';
import { lazyPage } from './lazy-page';

const TicketsPage = lazyPage(() => import('./features/tickets/components/tickets-page').then((m) => m.TicketsPage));
const TicketDetailsPage = lazyPage(() => import('./features/tickets/components/ticket-details-page').then((m) => m.TicketDetailsPage));

/** The staff's helpdesk routes: a fragment of <Route>s, spread into the remote's <Routes>. */
export function helpdeskRoutes() {
  const { tickets } = helpdeskPaths;
  return (
    <>
      <Route
        path={tickets}
        element={
          <AdministratorsOnly section="tickets">
            <TicketsPage />
          </AdministratorsOnly>
        }
      />
      <Route
        path={`${tickets}/details/:id`}
        element={
          <AdministratorsOnly section="tickets">
            <TicketDetailsPage />
          </AdministratorsOnly>
        }
      />
    </>
  );
}
