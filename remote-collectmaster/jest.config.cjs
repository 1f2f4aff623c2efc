const preset = require('@hub/shared/build/jest-preset');

module.exports = {
  ...preset,
  displayName: 'collectmaster',
  // tus-js-client's browser build (XMLHttpRequest, Blob slices, localStorage), as webpack picks it
  // through the package's "browser" field; jest would otherwise take the Node build.
  moduleNameMapper: { ...preset.moduleNameMapper, '^tus-js-client$': require.resolve('tus-js-client/lib.es5/browser/index.js') },
};
