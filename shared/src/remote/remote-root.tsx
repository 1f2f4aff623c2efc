import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { createI18n, switchLanguage } from '../i18n/create-i18n';
import type { Namespace } from '../i18n/resources';
import { borrowSystem, HUB_PALETTES, type LentDesignSystem } from '../ui/system-lending';
import type { RemoteProps } from './contract';
import { RemotePropsContext } from './remote-context';
import { RemoteErrorBoundary } from './remote-error-boundary';

// Mounted in the portal, a remote uses the system the shell lends when it fits (ui/system-lending.ts,
// borrowSystem). Otherwise it builds its own, on the first mount and only the one the page needs
// (mounted, or standalone): building both when the chunk loaded was most of the time a remote's first
// chunk took to run. What builds one (Chakra's theme and createSystem, ui/system.ts) is a chunk of
// its own, fetched only then: a remote in the portal carries none of it.
const systems: { mounted?: SystemContext; standalone?: SystemContext } = {};

/** The system a remote renders with, when it is at hand: the lent one, or its own built before. */
function readySystem(standalone: boolean, lent: LentDesignSystem | undefined): SystemContext | undefined {
  return standalone ? systems.standalone : (borrowSystem(lent) ?? systems.mounted);
}

/**
 * Makes sure the system a remote will render with is at hand: builds the remote's own when it runs
 * alone or the shell lends none that fits, fetching what builds it first. The lifecycles await it
 * before mounting, so that the first render has it.
 */
export async function prepareRemoteSystem(standalone: boolean, lent: LentDesignSystem | undefined): Promise<void> {
  if (readySystem(standalone, lent)) return;
  const { createHubSystem } = await import(/* webpackChunkName: "design-system" */ '../ui/system');
  if (standalone) systems.standalone ??= createHubSystem({ preflight: true, palettes: HUB_PALETTES });
  else systems.mounted ??= createHubSystem({ preflight: false, palettes: HUB_PALETTES });
}

/**
 * The Chakra provider with the remote's system; where that is not at hand yet (a root rendered
 * without the lifecycles, or updated with a lent system that does not fit), nothing until it is.
 */
function RemoteSystemProvider({
  standalone,
  lent,
  children,
}: {
  standalone: boolean;
  lent: LentDesignSystem | undefined;
  children: ReactNode;
}) {
  const system = readySystem(standalone, lent);
  const [, setPrepared] = useState(0);
  useEffect(() => {
    if (system) return undefined;
    let live = true;
    // A failed fetch leaves the area empty, as the lifecycles' own await would have failed the mount.
    prepareRemoteSystem(standalone, lent).then(
      () => live && setPrepared((count) => count + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [system, standalone, lent]);
  return system ? <ChakraProvider value={system}>{children}</ChakraProvider> : null;
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
      <RemoteSystemProvider standalone={standalone} lent={props.designSystem}>
        <I18nextProvider i18n={i18n} defaultNS={namespace}>
          <SWRConfig value={swrConfig}>
            <BrowserRouter basename={props.basePath === '/' ? undefined : props.basePath}>
              <RemoteErrorBoundary onError={props.reportError}>{children}</RemoteErrorBoundary>
            </BrowserRouter>
          </SWRConfig>
        </I18nextProvider>
      </RemoteSystemProvider>
    </RemotePropsContext.Provider>
  );
}
