import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { MountProps, RemoteLifecycles } from './contract';

/**
 * React DOM's client whose roots render as a transition. single-spa-react calls `root.render` for
 * the mount and every update; a plain render is done whole, in one task, and a remote's first screen
 * (its page with Chakra's styles, the router, the data hooks) was one long task on Lighthouse's
 * phone (docs/journal/2026-11-28-lists-in-slices.md). As a transition React renders it in slices of a few milliseconds, yielding to
 * the browser between them, as the shell's own first render does (shell/src/main.tsx).
 */
const transitionClient = {
  createRoot(container: Element | DocumentFragment, options?: ReactDOMClient.RootOptions): ReactDOMClient.Root {
    const root = ReactDOMClient.createRoot(container, options);
    return {
      render: (children) => React.startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
};

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
    ReactDOMClient: transitionClient,
    rootComponent: Root,
    suppressComponentDidCatchWarning: true,
    ...registries,
  });
  return lifecycles as unknown as RemoteLifecycles;
}
