const { createRemoteConfig } = require('@hub/shared/build/webpack');
const federation = require('./module-federation.config.cjs');

module.exports = createRemoteConfig({ dir: __dirname, ...federation, port: 3001 });
