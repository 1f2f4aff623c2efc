import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { MountProps, RemoteLifecycles } from './contract';

/**
 * Single-spa lifecycles that render `Root` with the mount props, for a remote's `./app` and for its
 * home widgets. The root component catches its own render errors (a boundary with a retry).
 *
 * Each call gets fresh root registries: single-spa-react's defaults share them (keyed by the `name`
 * prop) between every set of lifecycles it makes, and a remote's pages and its widgets all carry the
 * remote's name, so with shared registries unmounting one would unmount another's root.
 */
export function reactLifecycles(Root: ComponentType<MountProps>): RemoteLifecycles {
  // Not in single-spa-react's option types, though it reads them from the options.
  const registries = { domElements: {}, renderResults: {}, updateResolves: {}, unmountResolves: {} };
  const lifecycles = singleSpaReact<MountProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    suppressComponentDidCatchWarning: true,
    ...registries,
  });
  return lifecycles as unknown as RemoteLifecycles;
}
