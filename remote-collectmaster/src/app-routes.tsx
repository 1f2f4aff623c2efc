import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CollectionsPage } from './features/files/components/collections-page';
import { EntitiesPage } from './features/files/components/entities-page';
import { FoldersPage } from './features/files/components/folders-page';
import { LatestPage } from './features/latest/components/latest-page';
import { LiveUpdates } from './lib/live-updates';
import { UploadsProvider } from './lib/uploads/uploads-context';
import { paths } from './paths';

// A folder's page (its files, the uploads' list, the staff's actions) is fetched when one is opened:
// the company's and the collection's pages stay within their budget.
const FolderPage = lazy(() => import('./features/files/components/folder-page').then((module) => ({ default: module.FolderPage })));

/** The remote's routes, on absolute paths; elsewhere it renders nothing. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={`${paths.collectmaster}/*`} element={<Area />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

/** Collectmaster's pages, with the person's uploads and the live updates around them. */
function Area() {
  return (
    <UploadsProvider>
      <LiveUpdates />
      <Routes>{areaRoutes()}</Routes>
    </UploadsProvider>
  );
}

/** Collectmaster's pages, relative to its area (paths.collectmaster). */
export function areaRoutes() {
  return (
    <>
      <Route index element={<EntitiesPage />} />
      <Route path="latest-files" element={<LatestPage />} />
      <Route path=":slug" element={<CollectionsPage />} />
      <Route path=":slug/:collectionId" element={<FoldersPage />} />
      <Route
        path=":slug/:collectionId/:folderId"
        element={
          <Suspense fallback={null}>
            <FolderPage />
          </Suspense>
        }
      />
    </>
  );
}
