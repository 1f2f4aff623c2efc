import { STORAGE_KEYS } from '@hub/shared/api';
import { catalogues, switchLanguage } from '@hub/shared/i18n';
import { installHistoryBridge } from '@hub/shared/remote';
import { applyLanguage, resolveInitialLanguage } from '../language/language';
import { SHELL_NAMESPACES } from '../language/shell-i18n';
import { keepStyles, restoreStyles } from '../layout/style-store';
import { isUnder } from '../paths';
import { REMOTE_ROUTES } from '../remotes/remote-routes';
import { createShellServices, resumeSession, type ShellServices } from '../shell-services';

/**
 * Start-up's second step (main.tsx): the shell's services (session, language, API clients, the
 * remotes' loader), and a returning person's profile asked for at once. `ready` settles when the
 * first screen can render: English is in the entry; another stored language's catalogues are
 * fetched first, so the first screen is never in the wrong language (if the fetch fails, English shows).
 */
export function startServices(): { services: ShellServices; ready: Promise<unknown> } {
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
  const ready = catalogues.has(language, SHELL_NAMESPACES)
    ? Promise.resolve()
    : switchLanguage(services.i18n, language).catch(() => undefined);
  return { services, ready };
}
