import { STORAGE_KEYS } from '@hub/shared/api';
import { catalogues, switchLanguage } from '@hub/shared/i18n';
import { installHistoryBridge } from '@hub/shared/remote';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { applyLanguage, resolveInitialLanguage } from './language/language';
import { SHELL_NAMESPACES } from './language/shell-i18n';
import { keepStyles, restoreStyles } from './layout/style-store';
import { isUnder } from './paths';
import { REMOTE_ROUTES } from './remotes/remote-routes';
import { createShellServices, resumeSession } from './shell-services';

// Shell menu, remote links and back/forward must move every router on the page together.
installHistoryBridge();

const language = resolveInitialLanguage(localStorage.getItem(STORAGE_KEYS.language));
applyLanguage(language);
const services = createShellServices({ language });
const resumed = resumeSession(services);
// A signed-in page: the component styles of earlier visits are put back before the design system
// loads, so it does not compile them again (layout/style-store.ts).
if (resumed) restoreStyles(document, localStorage);
keepStyles(window);
// Opened on a remote's area (a bookmark, a reload): its files are asked for now, alongside the
// shell's own, rather than once the layout has rendered and mounted the area.
const area = REMOTE_ROUTES.find(({ path }) => isUnder(window.location.pathname, path.replace(/\/\*$/, '')));
if (resumed && area) services.remoteLoader.preload?.(area.remote, resumed);

// A transition: React renders the first screen in slices, yielding to the browser between them,
// rather than in one long task that keeps a phone from answering a tap.
const root = createRoot(document.getElementById('root')!);
const render = () => startTransition(() => root.render(<App services={services} />));
// English is in this file; another stored language's catalogues are fetched first, so the first
// screen is never in the wrong language (if the fetch fails, English shows).
if (catalogues.has(language, SHELL_NAMESPACES)) render();
else
  void switchLanguage(services.i18n, language)
    .catch(() => undefined)
    .then(render);
