import { lazy, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LoginPage } from './auth/login-page';
import { ConnectionHelpPage } from './help/connection-help-page';
import { InitialLoader } from './initial-loader';
import { NavigationGuard } from './navigation/navigation-guard';
import { paths } from './paths';
import { ShellContext } from './shell-context';
import type { ShellServices } from './shell-services';
import { SnackbarHost } from './snackbar/snackbar-host';

// Everything past /login (design system, layout, pages, remote areas) is one lazy chunk, so that
// the sign-in page loads React, the router and the catalogues only.
const SignedInApp = lazy(() => import(/* webpackChunkName: "signed-in" */ './layout/signed-in-app'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ './pages/not-found-page'));

export function App({ services }: { services: ShellServices }) {
  return (
    <ShellContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n} defaultNS="shell">
        <BrowserRouter>
          <NavigationGuard>
            <Suspense fallback={<InitialLoader />}>
              <Routes>
                <Route path={paths.login} element={<LoginPage />} />
                <Route path={paths.connectionHelp} element={<ConnectionHelpPage />} />
                <Route path={`${paths.notFound}/*`} element={<NotFoundPage />} />
                <Route path="*" element={<SignedInApp />} />
              </Routes>
            </Suspense>
          </NavigationGuard>
        </BrowserRouter>
        <SnackbarHost bus={services.snackbar} />
      </I18nextProvider>
    </ShellContext.Provider>
  );
}
