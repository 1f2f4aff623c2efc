import { Navigate, Route, Routes } from 'react-router-dom';
import { useKeepTokensFresh } from '../auth/use-keep-tokens-fresh';
import { UserDocumentationPage } from '../help/user-documentation-page';
import { ErrorPage } from '../pages/error-page';
import { HomePage } from '../pages/home-page';
import { ProfilePage } from '../pages/profile-page';
import { paths } from '../paths';
import { REMOTE_ROUTES } from '../remotes/remote-routes';
import { RemoteSlot } from '../remotes/remote-slot';
import { ChakraRoot } from './chakra-root';
import { DashboardLayout } from './dashboard-layout';

/** Every page behind sign-in, in the default layout; the guard has already let the path through. */
export default function SignedInApp() {
  useKeepTokensFresh();
  return (
    <ChakraRoot>
      <Routes>
        <Route element={<DashboardLayout />}>
          <Route path={paths.home} element={<HomePage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.error} element={<ErrorPage />} />
          <Route path={paths.help} element={<UserDocumentationPage />} />
          {REMOTE_ROUTES.map(({ path, remote }) => (
            <Route key={path} path={path} element={<RemoteSlot name={remote} />} />
          ))}
          <Route path="*" element={<Navigate to={paths.home} replace />} />
        </Route>
      </Routes>
    </ChakraRoot>
  );
}
