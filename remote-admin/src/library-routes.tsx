import { Box, Text } from '@chakra-ui/react';
import { hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route } from 'react-router-dom';
import { libraryPaths } from './library-paths';
import { lazyPage } from './lazy-page';

// Each console's pages load with their route (size budget of a list page, issue 13).
const CategoriesPage = lazyPage(() => import('./features/categories/components/categories-page').then((m) => m.CategoriesPage));
const CategoryDetailsPage = lazyPage(() =>
  import('./features/categories/components/category-details-page').then((m) => m.CategoryDetailsPage),
);
const ImageDetailsPage = lazyPage(() => import('./features/images/components/image-details-page').then((m) => m.ImageDetailsPage));
const ImagesPage = lazyPage(() => import('./features/images/components/images-page').then((m) => m.ImagesPage));
const TrainingDetailsPage = lazyPage(() =>
  import('./features/trainings/components/training-details-page').then((m) => m.TrainingDetailsPage),
);
const TrainingsPage = lazyPage(() => import('./features/trainings/components/trainings-page').then((m) => m.TrainingsPage));

/** Categories are for administrators (SPEC §2); the API refuses others too, this says so first. */
function AdministratorsOnly({ children }: { children: ReactNode }) {
  const { session } = useRemoteProps();
  const { t } = useTranslation('admin');
  if (hasRole(session.user.rights, 'administrator')) return <>{children}</>;
  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Text role="alert">{t('categories.administratorsOnly')}</Text>
    </Box>
  );
}

/**
 * The library consoles' routes (categories, trainings, images), each list and its details page
 * with an optional id. A fragment of <Route>s, spread into the remote's <Routes>.
 */
export function libraryRoutes() {
  const { categories, trainings, images } = libraryPaths;
  return (
    <>
      <Route
        path={categories}
        element={
          <AdministratorsOnly>
            <CategoriesPage />
          </AdministratorsOnly>
        }
      />
      <Route
        path={`${categories}/details/:id?`}
        element={
          <AdministratorsOnly>
            <CategoryDetailsPage />
          </AdministratorsOnly>
        }
      />
      <Route path={trainings} element={<TrainingsPage />} />
      <Route path={`${trainings}/details/:id?`} element={<TrainingDetailsPage />} />
      <Route path={images} element={<ImagesPage />} />
      <Route path={`${images}/details/:id?`} element={<ImageDetailsPage />} />
    </>
  );
}
