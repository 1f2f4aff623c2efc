module.exports = { ...require('@hub/shared/build/jest-preset'), displayName: 'shell' };
