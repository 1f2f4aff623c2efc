const { lentLibraries } = require('@hub/shared/build/webpack');

const preset = require('@hub/shared/build/jest-preset');

module.exports = {
  ...preset,
  displayName: 'shell',
  // What the shell's webpack build defines (webpack.config.cjs), for src/remotes/federated-loader.ts,
  // besides what every part's build defines (the preset's).
  globals: { ...preset.globals, __LENT_LIBRARIES__: lentLibraries(__dirname) },
};
