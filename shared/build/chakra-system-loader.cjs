// A webpack loader for one file, Chakra UI's `createSystem` (styled-system/system.js). Two changes:
//
// 1. The system's `_global` (the CSS reset, the global styles and every token's CSS variable) is
//    computed when first read instead of when the system is built. Computing it was about half of
//    building a system, the largest single task of a signed-in page on a phone, and the shell does
//    not read it: its build writes the same CSS into a stylesheet (./hub-theme-css.cjs), and its
//    provider is given a view of the system without it (systemWithoutGlobals, shared/src/ui/system.ts).
//    A system built elsewhere (a remote alone on its page) reads it through ChakraProvider as before.
// 2. With the option `steps` (the shell's build only: only the shell builds its system this way),
//    `createSystem.steps`: the function made a generator that pauses between its parts (merging
//    the configs, each phase of the token dictionary, see ./chakra-token-dictionary-loader.cjs, the
//    utilities, the rest), so that the shell can build its system over several short tasks instead
//    of one long one (createHubSystemInSteps, shared/src/ui/system.ts). `createSystem` itself runs
//    the generator through at once: one copy of Chakra's code, the same for both.
//
// Should Chakra change these lines, the build fails here rather than silently doing the work again.
const { expectOnce, runThroughSource } = require('./chakra-source.cjs');

const EAGER = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n';
const FIELD = '    _config: config,\n    _global,\n';
const START = 'function createSystem(...configs) {\n';
const MERGED = '  const config = mergeConfigs(...configs);\n';
const TOKENS = '  const tokens = createTokenDictionary({';
const UTILITY = '  const utility = createUtility({\n    config: utilities,\n    tokens\n  });\n';
const IMPORT = "import { createTokenDictionary } from './token-dictionary.js';\n";

module.exports = function chakraSystemLoader(source) {
  const withSteps = Boolean(this?.getOptions?.().steps);
  for (const text of withSteps ? [EAGER, FIELD, START, MERGED, TOKENS, UTILITY, IMPORT] : [EAGER, FIELD]) {
    expectOnce(
      'chakra-system-loader.cjs',
      'createSystem',
      source,
      text,
      'update the loader to the new version (or remove it, the stylesheet of shared/build/hub-theme-css.cjs and createHubSystemInSteps).',
    );
  }
  const lazy = source
    .replace(EAGER, '  let _global;\n')
    .replace(
      FIELD,
      '    _config: config,\n    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
    );
  if (!withSteps) return lazy;
  // The function itself becomes the generator; `createSystem` runs it through at once.
  const steps = lazy
    .replace(START, 'function* createSystemSteps(...configs) {\n')
    .replace(MERGED, `${MERGED}  yield;\n`)
    .replace(TOKENS, '  const tokens = yield* createTokenDictionary.steps({')
    .replace(UTILITY, `  yield;\n${UTILITY}  yield;\n`);
  return `${steps}\n${runThroughSource('createSystem', 'createSystemSteps', '...configs')}`;
};
