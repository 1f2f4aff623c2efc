import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useKeepTokensFresh } from '../auth/use-keep-tokens-fresh';
import { ErrorPage } from '../pages/error-page';
import { HomePage } from '../pages/home-page';
import { paths } from '../paths';
import { ReleaseFollowUp } from '../remotes/release-follow-up';
import { REMOTE_ROUTES } from '../remotes/remote-routes';
import { RemoteSlot } from '../remotes/remote-slot';
import { ChakraRoot } from './chakra-root';
import { DashboardLayout } from './dashboard-layout';

// Pages off the /home path load on their own, so that /home's JavaScript stays within its budget.
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ '../pages/profile-page').then((m) => ({ default: m.ProfilePage })));
const UserDocumentationPage = lazy(() =>
  import(/* webpackChunkName: "help" */ '../help/user-documentation-page').then((m) => ({ default: m.UserDocumentationPage })),
);
const NotificationsPage = lazy(() => import(/* webpackChunkName: "notifications-page" */ '../notifications/notifications-page'));
const SearchPage = lazy(() => import(/* webpackChunkName: "search-page" */ '../search/search-page'));
const later = (page: ReactNode) => <Suspense fallback={null}>{page}</Suspense>;

/** Every page behind sign-in, in the default layout; the guard has already let the path through. */
export default function SignedInApp() {
  useKeepTokensFresh();
  return (
    <ChakraRoot>
      <Routes>
        <Route element={<DashboardLayout />}>
          <Route path={paths.home} element={<HomePage />} />
          <Route path={paths.profile} element={later(<ProfilePage />)} />
          <Route path={paths.error} element={<ErrorPage />} />
          <Route path={paths.help} element={later(<UserDocumentationPage />)} />
          <Route path={paths.notifications} element={later(<NotificationsPage />)} />
          <Route path={paths.search} element={later(<SearchPage />)} />
          {REMOTE_ROUTES.map(({ path, remote }) => (
            <Route key={path} path={path} element={<RemoteSlot name={remote} />} />
          ))}
          <Route path="*" element={<Navigate to={paths.home} replace />} />
        </Route>
      </Routes>
      <ReleaseFollowUp />
    </ChakraRoot>
  );
}
