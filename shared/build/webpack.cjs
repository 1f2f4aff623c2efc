// Webpack configuration shared by the shell and the five remotes, so each package's
// webpack.config.cjs says only what is its own (name, port, exposes).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const { catalogueStamps } = require('./catalogue-stamps.cjs');
const { installedPackage, remoteFacts, RemoteContractPlugin, MANIFEST_FACTS_KEY, SHARED_LIBRARIES } = require('./remote-contract.cjs');

/** A shared library's range: the installed major, any minor or patch of it (`^19.0.0`). */
const majorRange = (name) => `^${installedPackage(name, __dirname).version.split('.')[0]}.0.0`;

/** The versions React is shared with: one copy on the page, from the shell (docs/architecture.md, run time point 4). */
const reactRange = majorRange('react');
const REACT_SINGLETONS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];
/** Every shared module: React and the other SHARED_LIBRARIES (./remote-contract.cjs), all lent by the shell. */
const SHARED_SINGLETONS = [...REACT_SINGLETONS, ...SHARED_LIBRARIES];
/** The range each shared module is shared with, by module id. */
const SHARED_RANGES = {
  ...Object.fromEntries(REACT_SINGLETONS.map((key) => [key, reactRange])),
  ...Object.fromEntries(SHARED_LIBRARIES.map((key) => [key, majorRange(key)])),
};

/**
 * What the shell lends besides React (its src/remotes/federated-loader.ts, through a DefinePlugin):
 * each library's version as installed for the shell and the range it is shared with.
 */
function lentLibraries(shellDir) {
  return Object.fromEntries(
    SHARED_LIBRARIES.map((name) => [name, { version: installedPackage(name, shellDir).version, requiredVersion: SHARED_RANGES[name] }]),
  );
}

function swcRule(mode) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    // Our own TypeScript: the package itself and @hub/shared (consumed as source).
    exclude: /node_modules[\\/](?!@hub[\\/])/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic', development: mode === 'development' } },
        },
      },
    },
  };
}

/**
 * Brotli and gzip copies of every script and manifest, made once at build time: the server sends
 * them to browsers that accept them (@fastify/static `preCompressed`), so no request pays for
 * compression and a phone downloads a third of the bytes.
 */
function precompress() {
  const CompressionPlugin = require('compression-webpack-plugin');
  const zlib = require('node:zlib');
  const test = /\.(js|json|css|svg)$/;
  return [
    new CompressionPlugin({
      test,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 1024,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

/**
 * Scripts minified by SWC instead of webpack's default (Terser, through the same plugin): about half
 * the build's time, and slightly smaller files (docs/journal/2026-11-27-test-command-less-work.md).
 * The build is on the test command's longest path, before the journeys.
 */
function swcMinimizer() {
  const MinimizerPlugin = require('minimizer-webpack-plugin');
  return new MinimizerPlugin({
    minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
  });
}

/**
 * What a part may borrow from the page, known at build time: the Chakra version it bundles, as
 * `__CHAKRA_VERSION__` (shared/src/ui/system-lending.ts: a remote uses the design system the shell
 * lends only when both hold the same one), and the stamps of its catalogues, as
 * `__HUB_CATALOGUE_STAMPS__` (shared/src/i18n/catalogue-store.ts, ./catalogue-stamps.cjs).
 */
function lendingFacts(dir) {
  const { DefinePlugin } = require('webpack');
  return new DefinePlugin({
    __CHAKRA_VERSION__: JSON.stringify(installedPackage('@chakra-ui/react', dir).version),
    __HUB_CATALOGUE_STAMPS__: JSON.stringify(catalogueStamps()),
  });
}

/** Where the catalogues are, as webpack names the folder of catalogue-store.ts's dynamic import. */
const CATALOGUES_DIR = /[\\/]shared[\\/]src[\\/]i18n$/;

/**
 * The catalogues a part can fetch (shared/src/i18n/catalogue-store.ts): its own namespaces, not every
 * part's. The table of them is in each of the part's chunks that loads one (three times on /home).
 */
function catalogueContext(namespaces) {
  const { ContextReplacementPlugin } = require('webpack');
  return new ContextReplacementPlugin(CATALOGUES_DIR, new RegExp(`^\\./[a-z]{2}/(${namespaces.join('|')})(\\.ts)?$`));
}

/**
 * `catalogues`: the namespaces whose catalogues the part fetches (catalogueContext).
 *
 * `chakraSteps`: the design system can be built in steps (createHubSystemInSteps,
 * shared/src/ui/system.ts; ./chakra-system-loader.cjs). Only the shell builds its system that way;
 * elsewhere the generator would be bytes for nothing.
 */
function baseConfig({ dir, mode, port, catalogues, chakraSteps = false }) {
  const production = mode === 'production';
  return {
    mode,
    context: dir,
    // HUB_SOURCE_MAPS=1: source maps beside a production build, not named in its scripts, for
    // e2e/bench/long-tasks.mjs to name the functions of a profile.
    devtool: production ? (process.env.HUB_SOURCE_MAPS ? 'hidden-source-map' : false) : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: { 'use-sync-external-store/shim$': path.join(__dirname, 'use-sync-external-store.js') },
    },
    module: {
      rules: [
        swcRule(mode),
        { test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/, loader: require.resolve('./chakra-theme-loader.cjs') },
        {
          test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
          loader: require.resolve('./chakra-system-loader.cjs'),
          options: { steps: chakraSteps },
        },
        ...(chakraSteps
          ? [
              {
                test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/,
                loader: require.resolve('./chakra-token-dictionary-loader.cjs'),
              },
            ]
          : []),
      ],
    },
    optimization: production ? { minimizer: [swcMinimizer()] } : {},
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [lendingFacts(dir), ...(catalogues ? [catalogueContext(catalogues)] : []), ...(production ? precompress() : [])],
    devServer: {
      port,
      host: '127.0.0.1',
      hot: false,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/idp', '/remotes'], target: 'http://localhost:8080', changeOrigin: false }],
    },
  };
}

/**
 * The webpack bundler runtime as the federation plugin imports it into remoteEntry.js (by its full
 * path), and what a remote imports instead: the copy the page lends (./federation-bundler-runtime-lent.js).
 */
const BUNDLER_RUNTIME = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/;
const LENT_BUNDLER_RUNTIME = path.join(__dirname, 'federation-bundler-runtime-lent.js');

/** The script that lends a page the federation runtime when no shell is there to lend it. */
const STANDALONE_RUNTIME = 'federation-runtime.js';

/**
 * Where scripts/release-remote.mjs puts a remote's released builds, inside its dist folder so the
 * server serves them (/remotes/<name>/releases/<version>/mf-manifest.json); an ordinary build keeps them.
 */
const RELEASES = 'releases';

/**
 * A remote: exposes `./app` (single-spa lifecycles) and builds a standalone page for development.
 *
 * The remote takes the Module Federation runtime from the page instead of carrying a copy
 * (`experiments.externalRuntime`: remoteEntry.js is 8 kB gzip instead of 27 kB), and the webpack
 * bundler runtime likewise (BUNDLER_RUNTIME: 4 kB instead of 9). In the portal the
 * shell lends it (src/remotes/federated-loader.ts); on the standalone page a second, tiny build
 * (federation-runtime.js, from ./federation-runtime.js) does, loaded before the page's own script.
 *
 * The shared modules (SHARED_SINGLETONS) are the shell's copies on the page: the remote's own are
 * separate chunks, fetched only where no shell lends them (its standalone page).
 *
 * The build writes into mf-manifest.json (`metaData.hub`) the facts the shell checks before mounting:
 * the contract version of @hub/shared/remote, the shared ranges, the federation major and a build stamp;
 * it fails with a plain message when they do not fit the shell (./remote-contract.cjs). `sharedRanges`
 * overrides the range of a shared singleton (the contract test builds a remote that does not fit).
 */
function createRemoteConfig({ dir, name, port, exposes = { './app': './src/app.tsx' }, sharedRanges = {} }) {
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
  const { DefinePlugin, NormalModuleReplacementPlugin } = require('webpack');
  const ranges = Object.fromEntries(SHARED_SINGLETONS.map((key) => [key, sharedRanges[key] ?? SHARED_RANGES[key]]));
  return (_env, argv) => {
    const mode = argv.mode ?? 'production';
    // A remote's catalogues: its own namespace (its name) and 'common'.
    const base = baseConfig({ dir, mode, port, catalogues: [name, 'common'] });
    // What the shell checks before mounting this remote, written into its mf-manifest.json (metaData.hub).
    const facts = remoteFacts({ dir, shared: ranges, time: process.env.HUB_BUILD_TIME || undefined });
    // A release (scripts/release-remote.mjs) builds into its own folder.
    const outputPath = process.env.HUB_REMOTE_OUTPUT || path.join(dir, 'dist');
    const remote = {
      ...base,
      entry: { main: './src/index.ts' },
      output: {
        path: outputPath,
        publicPath: 'auto',
        // The federation runtime module of an entry chunk cannot resolve a hash in the entry's own
        // filename ("Path variable [contenthash] not implemented in this context"). The entries are
        // the dev page's main.js and remoteEntry.js, both meant to keep a stable name; chunks are hashed.
        filename: '[name].js',
        chunkFilename: mode === 'production' ? '[name].[contenthash:10].js' : '[name].js',
        uniqueName: `hub_${name}`,
        clean: { keep: (asset) => asset === STANDALONE_RUNTIME || asset === RELEASES || asset.startsWith(`${RELEASES}/`) },
      },
      plugins: [
        ...base.plugins,
        new RemoteContractPlugin({ name, facts }),
        // The build stamp, set by the remote on its own element (data-build) when it mounts.
        new DefinePlugin({ __HUB_REMOTE_BUILD__: JSON.stringify(facts.build.stamp) }),
        // The bundler runtime that the federation plugin puts into remoteEntry.js: the page's, lent.
        new NormalModuleReplacementPlugin(BUNDLER_RUNTIME, LENT_BUNDLER_RUNTIME),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: Object.fromEntries(SHARED_SINGLETONS.map((key) => [key, { singleton: true, requiredVersion: ranges[key] }])),
          shareStrategy: 'loaded-first',
          manifest: {
            additionalData: ({ stats }) => {
              stats.metaData[MANIFEST_FACTS_KEY] = facts;
              return stats;
            },
          },
          dts: false,
          experiments: { externalRuntime: true },
        }),
        new HtmlWebpackPlugin({ title: `${name} (standalone)`, templateContent: standalonePage(name) }),
      ],
    };
    const standaloneRuntime = {
      mode,
      name: 'federation-runtime',
      context: __dirname,
      entry: { 'federation-runtime': './federation-runtime.js' },
      devtool: false,
      output: { path: outputPath, filename: STANDALONE_RUNTIME, clean: false },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
    return [remote, standaloneRuntime];
  };
}

function standalonePage(name) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title><script src="${STANDALONE_RUNTIME}"></script></head><body><div id="root"></div></body></html>`;
}

module.exports = { baseConfig, createRemoteConfig, swcRule, SHARED_SINGLETONS, SHARED_RANGES, reactRange, lentLibraries, RELEASES };
