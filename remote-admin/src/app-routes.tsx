import { Route, Routes } from 'react-router-dom';
import { ConsolesPage } from './features/consoles/components/consoles-page';
import { DocumentationPage } from './features/documentation/components/documentation-page';
import { libraryRoutes } from './library-routes';
import { paths } from './paths';

/** The remote's routes, on absolute paths; elsewhere it renders nothing. */
export function AppRoutes() {
  return (
    <Routes>
      {libraryRoutes()}
      <Route path={`${paths.admin}/*`} element={<ConsolesPage />} />
      <Route path={`${paths.entityAdmin}/*`} element={<ConsolesPage />} />
      <Route path={paths.documentation} element={<DocumentationPage area="main" />} />
      <Route path={paths.entityDocumentation} element={<DocumentationPage area="entity" />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
