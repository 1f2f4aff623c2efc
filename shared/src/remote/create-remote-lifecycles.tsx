import type { ComponentType } from 'react';
import { catalogues } from '../i18n/catalogue-store';
import type { Namespace } from '../i18n/resources';
import type { MountProps, RemoteLifecycles } from './contract';
import { prepareRemoteSystem, RemoteRoot, remoteNamespaces } from './remote-root';
import { reactLifecycles } from './react-lifecycles';

// The remote's build stamp (version + build time), defined by its webpack build (shared/build/webpack.cjs).
declare const __HUB_REMOTE_BUILD__: string | undefined;
const BUILD_STAMP = typeof __HUB_REMOTE_BUILD__ === 'string' ? __HUB_REMOTE_BUILD__ : null;

export interface RemoteAppOptions {
  namespace: Namespace;
  /** The remote's routes and pages; reads its props with useRemoteProps(). */
  App: ComponentType;
}

/**
 * The single-spa lifecycles a remote exposes as `./app`. A render error inside the remote is
 * caught by RemoteRoot's boundary, which shows "section unavailable" with a retry in place.
 * Mounting fetches the remote's catalogues in the current language first.
 */
export function createRemoteLifecycles({ namespace, App }: RemoteAppOptions): RemoteLifecycles {
  function Root(props: MountProps) {
    return (
      <RemoteRoot props={props} namespace={namespace}>
        <App />
      </RemoteRoot>
    );
  }
  const lifecycles = reactLifecycles(Root);
  return {
    ...lifecycles,
    // The current language's catalogues first (a chunk each, for this remote's namespaces only), so
    // the first render shows translated text, and the design system (the shell's, or else its own);
    // until they are here the shell shows the area loading.
    mount: async (props) => {
      // Which build of the remote runs, in the page's markup: a release can be told from another.
      if (BUILD_STAMP) props.domElement.dataset.build = BUILD_STAMP;
      await Promise.all([catalogues.load(props.language, remoteNamespaces(namespace)), prepareRemoteSystem(false, props.designSystem)]);
      return lifecycles.mount(props);
    },
  };
}
