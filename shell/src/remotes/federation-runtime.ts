import { createInstance } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import * as bundlerRuntime from '@module-federation/webpack-bundler-runtime';
import * as singleSpaReact from 'single-spa-react';
import type { SharedLibrary } from '@hub/shared/remote';

declare global {
  // The name the remotes' builds look for (`experiments.externalRuntime` of @module-federation/enhanced).
  var _FEDERATION_RUNTIME_CORE: typeof runtimeCore | undefined;
  // The name the remotes' remoteEntry.js looks for (shared/build/federation-bundler-runtime-lent.js).
  var _HUB_FEDERATION_BUNDLER_RUNTIME: typeof bundlerRuntime | undefined;
}

/**
 * Starts the page's one Module Federation runtime and lends it to the remotes: they are built with
 * `experiments.externalRuntime`, so their remoteEntry.js does not carry a copy of its own (8 kB gzip
 * instead of 27 kB on every area, and on /home for the widgets). The webpack bundler runtime (the
 * glue between a remote's webpack runtime and the federation runtime) is lent likewise, which takes
 * another 5 kB off each remoteEntry.js. Loaded as its own chunk, on the first remote the page needs.
 */
export function startFederation(options: Parameters<typeof createInstance>[0]) {
  globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  globalThis._HUB_FEDERATION_BUNDLER_RUNTIME ??= bundlerRuntime;
  return createInstance(options);
}

/**
 * The shared libraries the shell lends from this chunk rather than its entry: needed only once a
 * remote is (single-spa-react, which the shell itself does not use; /login carries none of it).
 */
export type LentWithFederation = Exclude<SharedLibrary, 'i18next'>;

/**
 * The shared libraries lent from this chunk (federated-loader.ts, sharedModules): single-spa-react,
 * with which every remote makes its lifecycles, once on the page instead of in each remote's chunks
 * (2.3 kB gzip each: three on /home, with the widgets).
 */
export const lentWithFederation: Record<LentWithFederation, unknown> = { 'single-spa-react': singleSpaReact };
