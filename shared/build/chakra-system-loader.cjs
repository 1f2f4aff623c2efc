// A webpack loader for one file, Chakra UI's `createSystem` (styled-system/system.js): it makes the
// system's `_global` (the CSS reset, the global styles and every token's CSS variable) computed when
// first read instead of when the system is built. Computing it was about half of building a system,
// the largest single task of a signed-in page on a phone, and the shell does not read it: its build
// writes the same CSS into a stylesheet (./hub-theme-css.cjs), and its provider is given a view of
// the system without it (systemWithoutGlobals, shared/src/ui/system.ts). A system built elsewhere
// (a remote alone on its page) reads it through ChakraProvider as before.
// Should Chakra change these lines, the build fails here rather than silently doing the work again.
const EAGER = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n';
const FIELD = '    _config: config,\n    _global,\n';

module.exports = function chakraSystemLoader(source) {
  if (!source.includes(EAGER) || !source.includes(FIELD)) {
    throw new Error(
      "shared/build/chakra-system-loader.cjs: Chakra's createSystem no longer builds `_global` as this loader expects; " +
        'update the loader to the new version (or remove it and the stylesheet of shared/build/hub-theme-css.cjs).',
    );
  }
  return source
    .replace(EAGER, '  let _global;\n')
    .replace(
      FIELD,
      '    _config: config,\n    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
    );
};
