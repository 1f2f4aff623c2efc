import { Box, Text } from '@chakra-ui/react';
import { hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route } from 'react-router-dom';
import { CategoriesPage } from './features/categories/components/categories-page';
import { CategoryDetailsPage } from './features/categories/components/category-details-page';
import { ImageDetailsPage } from './features/images/components/image-details-page';
import { ImagesPage } from './features/images/components/images-page';
import { TrainingDetailsPage } from './features/trainings/components/training-details-page';
import { TrainingsPage } from './features/trainings/components/trainings-page';
import { libraryPaths } from './library-paths';

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
