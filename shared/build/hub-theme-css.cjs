// The shell's design system's global CSS, written at build time: Chakra's layer order, its CSS reset
// (preflight), its global styles and the CSS variable of every token, light and dark. In the browser
// Chakra's provider computes this and emotion parses it on every signed-in page, one of the longest
// tasks of a page on a phone; as a stylesheet, the browser reads it natively. The shell's build emits
// it as hub-theme.<hash>.css and its page links it (shell/webpack.config.cjs, src/index.html);
// shell/src/layout/chakra-root.tsx puts it in force. It is made from the same source the shell runs
// (shared/src/ui/system.ts) with the same serialiser and parser as emotion's, and
// shared/src/ui/theme-css.test.tsx checks it against what emotion inserts.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

/** A package as one of ours resolves it, following dependencies pnpm does not hoist. */
function requireVia(...chain) {
  let from = __dirname;
  for (const name of chain.slice(0, -1)) from = path.dirname(require.resolve(`${name}/package.json`, { paths: [from] }));
  return require(require.resolve(chain[chain.length - 1], { paths: [from] }));
}

/**
 * shared/src/ui/system.ts, compiled to CommonJS with SWC and run in Node; its relative imports
 * (./system-lending) likewise, the packages as Node finds them.
 */
function loadSystemModule() {
  return loadTypeScript(path.join(__dirname, '..', 'src', 'ui', 'system.ts'), new Map());
}

function loadTypeScript(filename, loadedModules) {
  const known = loadedModules.get(filename);
  if (known) return known.exports;
  const { transformSync } = require('@swc/core');
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const loaded = new Module(filename);
  loaded.filename = filename;
  loaded.paths = Module._nodeModulePaths(path.dirname(filename));
  loadedModules.set(filename, loaded);
  const requirePackage = loaded.require.bind(loaded);
  loaded.require = (request) =>
    request.startsWith('.') ? loadTypeScript(path.join(path.dirname(filename), `${request}.ts`), loadedModules) : requirePackage(request);
  loaded._compile(code, filename);
  return loaded.exports;
}

/**
 * What emotion makes of a `<Global styles={…}>`: serialised, then parsed, prefixed and printed by the
 * same cache emotion uses in the browser. In Node (no document) its insert returns the rules rather
 * than inserting them, as for server rendering.
 */
function emotionGlobalCss(styles) {
  const { serializeStyles } = requireVia('@emotion/react', '@emotion/serialize');
  const createCache = requireVia('@emotion/react', '@emotion/cache').default;
  if (typeof document !== 'undefined') throw new Error('hub-theme-css.cjs runs in Node, not in a page');
  const cache = createCache({ key: 'css' });
  return cache.insert('', serializeStyles([styles]), cache.sheet, false);
}

/** The CSS, as ChakraProvider's two `<Global>` elements would insert it for the shell's system. */
function hubThemeCss() {
  const { createHubSystem, HUB_PALETTES } = loadSystemModule();
  const system = createHubSystem({ preflight: true, palettes: HUB_PALETTES });
  return emotionGlobalCss(system.layers.atRule) + emotionGlobalCss(system._global);
}

/** The stylesheet as the shell's build emits it: its file name (with a content hash) and its text. */
function hubThemeStylesheet() {
  const css = hubThemeCss();
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
  return { file: `hub-theme.${hash}.css`, css };
}

/** Emits the stylesheet into the build's output, under the name `hubThemeStylesheet()` gave. */
class HubThemePlugin {
  constructor(stylesheet) {
    this.stylesheet = stylesheet;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('HubThemePlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'HubThemePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(this.stylesheet.file, new sources.RawSource(this.stylesheet.css));
      });
    });
  }
}

module.exports = { hubThemeCss, hubThemeStylesheet, HubThemePlugin };
