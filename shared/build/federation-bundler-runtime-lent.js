// What a remote's remoteEntry.js imports in place of Module Federation's webpack bundler runtime
// (`@module-federation/webpack-bundler-runtime/dist/bundler.js`, see createRemoteConfig in
// ./webpack.cjs): the page lends it, as it lends the federation runtime, so that every remote does not
// carry a copy of its own (about 5 kB gzip per remoteEntry.js). The shell lends it
// (shell/src/remotes/federation-runtime.ts), and ./federation-runtime.js on a remote's standalone page.
//
// The bundler runtime's functions keep no state of their own: each receives its container's
// `__webpack_require__`. The object the bundler runtime exports does hold one container's state
// (`instance`, `initOptions`, `bundlerRuntimeOptions`, the share scope `S`), so each remote gets a
// fresh one, as it did with its own copy.
const lent = globalThis._HUB_FEDERATION_BUNDLER_RUNTIME;
if (!lent) {
  throw new Error(
    'This remote takes the Module Federation bundler runtime from the page, and the page lends none: load it from a shell of the same Module Federation version, or from its standalone page.',
  );
}

const federation = {
  ...lent.default,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntimeOptions: {},
  bundlerRuntime: { ...lent.bundlerRuntime, S: {} },
};

export default federation;
export const { attachShareScopeMap, bundlerRuntime, bundlerRuntimeOptions, initOptions, instance, runtime } = federation;
