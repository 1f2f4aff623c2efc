import { Route, Routes } from 'react-router-dom';
import { FilesPage } from './features/files/components/files-page';
import { paths } from './paths';

/** The remote's routes, on absolute paths; elsewhere it renders nothing. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={`${paths.collectmaster}/*`} element={<FilesPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
