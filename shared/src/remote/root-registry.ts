/**
 * Fresh root registries for one singleSpaReact() call. Its defaults share these maps (keyed by the
 * `name` prop) between every set of lifecycles it makes, and a remote's pages and its home widgets
 * all carry the remote's name: with shared maps, unmounting one would unmount another's root.
 */
export function ownRootRegistry() {
  return { domElements: {}, renderResults: {}, updateResolves: {}, unmountResolves: {} };
}
