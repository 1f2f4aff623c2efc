import { Route, Routes } from 'react-router-dom';
import { ClosedDiscussionsPage } from './features/discussions/components/closed-discussions-page';
import { DiscussionsPage } from './features/discussions/components/discussions-page';
import { TicketsPage } from './features/tickets/components/tickets-page';
import { paths } from './paths';

/** The remote's routes, on absolute paths; elsewhere it renders nothing. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.contact} element={<DiscussionsPage />} />
      <Route path={paths.contactClose} element={<ClosedDiscussionsPage />} />
      <Route path={paths.tickets} element={<TicketsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
