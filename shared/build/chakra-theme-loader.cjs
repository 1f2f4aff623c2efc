// A webpack loader for one file, Chakra UI's theme index (`@chakra-ui/react/theme`): it marks the
// call that builds `defaultThemeConfig` as pure. That config holds every recipe of Chakra; our
// design system (shared/src/ui/system.ts) imports the theme's parts and only the recipes our code
// reaches, but webpack must keep a top-level call it cannot prove harmless, and with it all the
// recipes (about 117 kB minified in every part's bundle). Marked pure and unused, it is dropped.
// Should Chakra reword the line, nothing breaks: the bundles grow back, and the byte budgets
// (e2e/budgets.json) say so.
module.exports = function chakraThemeLoader(source) {
  return source.replace('const defaultThemeConfig = defineConfig(', 'const defaultThemeConfig = /*#__PURE__*/ defineConfig(');
};
