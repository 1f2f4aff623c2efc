import { createInstance } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';

declare global {
  // The name the remotes' builds look for (`experiments.externalRuntime` of @module-federation/enhanced).
  var _FEDERATION_RUNTIME_CORE: typeof runtimeCore | undefined;
}

/**
 * Starts the page's one Module Federation runtime and lends it to the remotes: they are built with
 * `experiments.externalRuntime`, so their remoteEntry.js does not carry a copy of its own (8 kB gzip
 * instead of 27 kB on every area, and on /home for the widgets). Loaded as its own chunk, on the
 * first remote the page needs.
 */
export function startFederation(options: Parameters<typeof createInstance>[0]) {
  globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  return createInstance(options);
}
