import { Route, Routes } from 'react-router-dom';
import { ConsolesPage } from './features/consoles/components/consoles-page';
import { helpdeskRoutes } from './helpdesk-routes';
import { lazyPage } from './lazy-page';
import { libraryRoutes } from './library-routes';
import { groupsRoutes } from './groups-routes';
import { paths } from './paths';
import { peopleRoutes } from './people-routes';

// Each console's pages load with their route (size budget of a list page, issue 13).
const AdvicesPage = lazyPage(() => import('./features/advices/components/advices-page').then((m) => m.AdvicesPage));
const AdviceDetailsPage = lazyPage(() => import('./features/advices/components/advice-details-page').then((m) => m.AdviceDetailsPage));
const DashboardsPage = lazyPage(() => import('./features/dashboards/components/dashboards-page').then((m) => m.DashboardsPage));
const DashboardDetailsPage = lazyPage(() =>
  import('./features/dashboards/components/dashboard-details-page').then((m) => m.DashboardDetailsPage),
);
const NewsItemsPage = lazyPage(() => import('./features/news-items/components/news-items-page').then((m) => m.NewsItemsPage));
const NewsItemDetailsPage = lazyPage(() =>
  import('./features/news-items/components/news-item-details-page').then((m) => m.NewsItemDetailsPage),
);
const DocumentationPage = lazyPage(() => import('./features/documentation/components/documentation-page').then((m) => m.DocumentationPage));

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
      {groupsRoutes()}
      {helpdeskRoutes()}
      <Route path={`${paths.admin}/*`} element={<ConsolesPage area="main" />} />
      <Route path={`${paths.entityAdmin}/*`} element={<ConsolesPage area="entity" />} />
      <Route path={paths.documentation} element={<DocumentationPage area="main" />} />
      <Route path={paths.entityDocumentation} element={<DocumentationPage area="entity" />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
