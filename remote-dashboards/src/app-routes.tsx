import { Route, Routes } from 'react-router-dom';
import { DashboardViewPage } from './features/dashboards/components/dashboard-view-page';
import { DashboardsPage } from './features/dashboards/components/dashboards-page';
import { paths } from './paths';

/** The remote's routes, on absolute paths; elsewhere it renders nothing. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.dashboards} element={<DashboardsPage />} />
      <Route path={paths.dashboard(':id')} element={<DashboardViewPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
