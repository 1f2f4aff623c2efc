// The shell is a plain webpack build, not a federation build: it loads remotes at run time with
// the Module Federation runtime (src/remotes/federated-loader.ts), so /login carries none of it.
const path = require('node:path');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { baseConfig, reactRange, lentLibraries } = require('@hub/shared/build/webpack');
const { ShellOfferPlugin } = require('@hub/shared/build/remote-contract');
const { HubThemePlugin, hubThemeStylesheet } = require('@hub/shared/build/hub-theme-css');

module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  // The shell's catalogues: its own and 'common' (src/language/shell-i18n.ts), and those of the
  // notification centre, the search, the mail preferences and the user's own pages, fetched on
  // first use.
  const catalogues = ['shell', 'common', 'notifications', 'search', 'mail', 'account'];
  const base = baseConfig({ dir: __dirname, mode, port: 8090, catalogues, chakraSteps: true });
  // The design system's global CSS, as a stylesheet the page links (src/index.html) and
  // src/layout/chakra-root.tsx puts in force, instead of CSS computed and parsed in the phone's main thread.
  const theme = hubThemeStylesheet();
  return {
    ...base,
    entry: { 'theme-boot': './src/theme-boot.ts', main: './src/main.tsx' },
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      uniqueName: 'hub_shell',
      clean: true,
    },
    plugins: [
      ...base.plugins,
      // The ranges and versions the shell lends React and the other shared libraries with (src/remotes/federated-loader.ts).
      new DefinePlugin({
        __REACT_RANGE__: JSON.stringify(reactRange),
        __LENT_LIBRARIES__: JSON.stringify(lentLibraries(__dirname)),
        // The federation runtime runs in a browser: its code for Node (loading scripts through `vm`)
        // drops out, as in a remote's build, where the federation plugin defines the same.
        ENV_TARGET: JSON.stringify('web'),
      }),
      // What remotes built outside this tree check themselves against (HUB_SHELL_FACTS, README).
      new ShellOfferPlugin(),
      // The template places the scripts itself: theme-boot blocking in <head>, main deferred.
      new HubThemePlugin(theme),
      new HtmlWebpackPlugin({ template: './src/index.html', inject: false, templateParameters: { hubThemeStylesheet: `/${theme.file}` } }),
    ],
  };
};
