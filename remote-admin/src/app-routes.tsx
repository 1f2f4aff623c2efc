import { Route, Routes } from 'react-router-dom';
import { AdviceDetailsPage } from './features/advices/components/advice-details-page';
import { AdvicesPage } from './features/advices/components/advices-page';
import { ConsolesPage } from './features/consoles/components/consoles-page';
import { DashboardDetailsPage } from './features/dashboards/components/dashboard-details-page';
import { DashboardsPage } from './features/dashboards/components/dashboards-page';
import { DocumentationPage } from './features/documentation/components/documentation-page';
import { NewsItemDetailsPage } from './features/news-items/components/news-item-details-page';
import { NewsItemsPage } from './features/news-items/components/news-items-page';
import { libraryRoutes } from './library-routes';
import { paths } from './paths';
import { peopleRoutes } from './people-routes';

/**
 * The remote's routes, on absolute paths; elsewhere it renders nothing. A console adds its list
 * path and `details/:id?` (no id: create), and its entry in `consoles.ts` for the index pages.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.admin} element={<ConsolesPage area="main" />} />
      <Route path={paths.entityAdmin} element={<ConsolesPage area="entity" />} />
      <Route path={paths.advices} element={<AdvicesPage />} />
      <Route path={`${paths.advices}/details/:id?`} element={<AdviceDetailsPage />} />
      <Route path={paths.dashboards} element={<DashboardsPage />} />
      <Route path={`${paths.dashboards}/details/:id?`} element={<DashboardDetailsPage />} />
      <Route path={paths.newsItems} element={<NewsItemsPage />} />
      <Route path={`${paths.newsItems}/details/:id?`} element={<NewsItemDetailsPage />} />
      {libraryRoutes()}
      {peopleRoutes()}
      <Route path={`${paths.admin}/*`} element={<ConsolesPage area="main" />} />
      <Route path={`${paths.entityAdmin}/*`} element={<ConsolesPage area="entity" />} />
      <Route path={paths.documentation} element={<DocumentationPage area="main" />} />
      <Route path={paths.entityDocumentation} element={<DocumentationPage area="entity" />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
