import { Route } from 'react-router-dom';
import { libraryPaths } from './library-paths';
import { AdministratorsOnly } from './components/administrators-only';
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
          <AdministratorsOnly section="categories">
            <CategoriesPage />
          </AdministratorsOnly>
        }
      />
      <Route
        path={`${categories}/details/:id?`}
        element={
          <AdministratorsOnly section="categories">
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
