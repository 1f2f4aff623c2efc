import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { Namespace } from '../i18n/resources';
import type { MountProps, RemoteLifecycles } from './contract';
import { RemoteRoot } from './remote-root';
import { ownRootRegistry } from './root-registry';

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
  const lifecycles = singleSpaReact<MountProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    // RemoteRoot has its own error boundary with a retry.
    suppressComponentDidCatchWarning: true,
    ...ownRootRegistry(),
  });
  return lifecycles as unknown as RemoteLifecycles;
}

