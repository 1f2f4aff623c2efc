// The Module Federation runtime, lent to a remote's standalone page: remotes are built with
// `experiments.externalRuntime` and find it on the page, as in the portal where the shell lends it;
// likewise the webpack bundler runtime (./federation-bundler-runtime-lent.js).
import * as runtimeCore from '@module-federation/runtime-core';
import * as bundlerRuntime from '@module-federation/webpack-bundler-runtime';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
globalThis._HUB_FEDERATION_BUNDLER_RUNTIME = bundlerRuntime;
