module.exports = { ...require('./build/jest-preset.cjs'), displayName: 'shared' };
