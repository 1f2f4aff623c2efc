import { Route, Routes } from 'react-router-dom';
import { AdviceDetailsPage } from './features/advices/components/advice-details-page';
import { AdvicesPage } from './features/advices/components/advices-page';
import { NewsDetailsPage } from './features/news/components/news-details-page';
import { NewsPage } from './features/news/components/news-page';
import { TrainingsPage } from './features/trainings/components/trainings-page';
import { paths } from './paths';

/** The remote's routes, on absolute paths; elsewhere it renders nothing. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.advices} element={<AdvicesPage />} />
      <Route path={paths.adviceDetails(':id')} element={<AdviceDetailsPage />} />
      <Route path={`${paths.advices}/details`} element={<AdviceDetailsPage />} />
      <Route path={paths.newsItems} element={<NewsPage />} />
      <Route path={paths.newsDetails(':id')} element={<NewsDetailsPage />} />
      <Route path={`${paths.newsItems}/details`} element={<NewsDetailsPage />} />
      <Route path={paths.trainings} element={<TrainingsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
