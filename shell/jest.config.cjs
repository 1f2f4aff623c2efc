const { lentLibraries } = require('@hub/shared/build/webpack');

module.exports = {
  ...require('@hub/shared/build/jest-preset'),
  displayName: 'shell',
  // What the shell's webpack build defines (webpack.config.cjs), for src/remotes/federated-loader.ts.
  globals: { __LENT_LIBRARIES__: lentLibraries(__dirname) },
};
