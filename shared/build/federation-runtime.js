// The Module Federation runtime, lent to a remote's standalone page: remotes are built with
// `experiments.externalRuntime` and find it on the page, as in the portal where the shell lends it.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
