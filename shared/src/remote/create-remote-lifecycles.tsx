import type { ComponentType } from 'react';
import type { Namespace } from '../i18n/resources';
import type { MountProps, RemoteLifecycles } from './contract';
import { RemoteRoot } from './remote-root';
import { reactLifecycles } from './react-lifecycles';

export interface RemoteAppOptions {
  namespace: Namespace;
  /** The remote's routes and pages; reads its props with useRemoteProps(). */
  App: ComponentType;
}

/**
 * The single-spa lifecycles a remote exposes as `./app`. A render error inside the remote is
 * caught by RemoteRoot's boundary, which shows "section unavailable" with a retry in place.
 */
export function createRemoteLifecycles({ namespace, App }: RemoteAppOptions): RemoteLifecycles {
  function Root(props: MountProps) {
    return (
      <RemoteRoot props={props} namespace={namespace}>
        <App />
      </RemoteRoot>
    );
  }
  return reactLifecycles(Root);
}
