import { lazy, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LoginPage } from './auth/login-page';
import { nextTask } from './boot/next-task';
import { InitialLoader } from './initial-loader';
import { NavigationGuard } from './navigation/navigation-guard';
import { paths } from './paths';
import { ShellContext } from './shell-context';
import type { ShellServices } from './shell-services';
import { SnackbarHost } from './snackbar/snackbar-host';

// Everything past /login (design system, layout, pages, remote areas) is one lazy chunk, so that
// the sign-in page loads React, the router and the catalogues only. Once it has arrived, its work
// is done in short tasks rather than one long one (docs/journal/2026-11-27-start-up-in-steps.md): the design
// system's modules, then building the system in steps, then the layout's and pages' modules.
const SignedInApp = lazy(async () => {
  const { prepareShellSystem } = await import(/* webpackChunkName: "signed-in" */ './layout/chakra-root');
  await nextTask();
  await prepareShellSystem(nextTask);
  await nextTask();
  return import(/* webpackChunkName: "signed-in" */ './layout/signed-in-app');
});
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ './pages/not-found-page'));
// Opened now and then, from the sign-in page's link: not in the entry every page loads.
const ConnectionHelpPage = lazy(() =>
  import(/* webpackChunkName: "connection-help" */ './help/connection-help-page').then((m) => ({ default: m.ConnectionHelpPage })),
);

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
