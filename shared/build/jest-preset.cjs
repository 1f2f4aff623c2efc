// Jest settings shared by the browser packages: jsdom, SWC for TypeScript and JSX, and the
// ESM-only packages (typebox) transformed to CommonJS like our own code.
const path = require('node:path');
const { installedPackage } = require('./remote-contract.cjs');

module.exports = {
  testEnvironment: path.join(__dirname, 'jest-environment.cjs'),
  transform: {
    '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/\\.pnpm/(?!(typebox|quill|parchment|quill-delta|lodash-es|eventemitter3)@)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // As the builds define it (shared/build/webpack.cjs), so that tests lend and borrow design systems
  // as the portal does.
  globals: { __CHAKRA_VERSION__: installedPackage('@chakra-ui/react', __dirname).version },
  setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  // The default bound is too tight for a component test on two cores shared with the API suites and
  // the journeys (`npm test`), which slow it several times over; a failing test still fails.
  testTimeout: 60_000,
};
