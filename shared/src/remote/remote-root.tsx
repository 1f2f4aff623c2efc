import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { createI18n, switchLanguage } from '../i18n/create-i18n';
import type { Namespace } from '../i18n/resources';
import { borrowSystem, createHubSystem, HUB_PALETTES, type LentDesignSystem } from '../ui/system';
import type { RemoteProps } from './contract';
import { RemotePropsContext } from './remote-context';
import { RemoteErrorBoundary } from './remote-error-boundary';

// Mounted in the portal, a remote uses the system the shell lends when it fits (ui/system.ts,
// borrowSystem). Otherwise it builds its own, on the first mount and only the one the page needs
// (mounted, or standalone): building both when the chunk loaded was most of the time a remote's first
// chunk took to run.
const systems: { mounted?: SystemContext; standalone?: SystemContext } = {};
function hubSystem(standalone: boolean, lent: LentDesignSystem | undefined): SystemContext {
  if (standalone) return (systems.standalone ??= createHubSystem({ preflight: true, palettes: HUB_PALETTES }));
  return borrowSystem(lent) ?? (systems.mounted ??= createHubSystem({ preflight: false, palettes: HUB_PALETTES }));
}

export interface RemoteRootProps {
  props: RemoteProps;
  namespace: Namespace;
  /** True when the remote runs alone (its own dev page): it then applies the CSS reset itself. */
  standalone?: boolean;
  children: ReactNode;
}

/** The namespaces a remote's i18next instance holds: its own and 'common'. */
export function remoteNamespaces(namespace: Namespace): Namespace[] {
  return [namespace, 'common'];
}

/** The providers every remote renders inside: its props, design system, language, SWR and router. */
export function RemoteRoot({ props, namespace, standalone = false, children }: RemoteRootProps) {
  // One i18next instance for the life of the root (its namespace never changes), made from the catalogues
  // at hand: the lifecycles fetch the current language's before mounting (remoteNamespaces). The effect
  // below follows the language, fetching another language's catalogues the first time it is chosen.
  const [i18n] = useState(() => createI18n(remoteNamespaces(namespace), props.language));
  useEffect(() => {
    void switchLanguage(i18n, props.language);
  }, [i18n, props.language]);
  // One cache per mounted remote: a remount (another user, display-as) never shows stale data.
  const swrConfig = useMemo(() => ({ revalidateOnFocus: false, shouldRetryOnError: false, provider: () => new Map() }), []);
  return (
    <RemotePropsContext.Provider value={props}>
      <ChakraProvider value={hubSystem(standalone, props.designSystem)}>
        <I18nextProvider i18n={i18n} defaultNS={namespace}>
          <SWRConfig value={swrConfig}>
            <BrowserRouter basename={props.basePath === '/' ? undefined : props.basePath}>
              <RemoteErrorBoundary>{children}</RemoteErrorBoundary>
            </BrowserRouter>
          </SWRConfig>
        </I18nextProvider>
      </ChakraProvider>
    </RemotePropsContext.Provider>
  );
}
