import { satisfy } from '@module-federation/runtime-core';
import { satisfiesRange } from './version-range';

describe('satisfiesRange', () => {
  const versions = ['0.0.3', '0.0.4', '0.2.0', '0.2.5', '0.3.0', '1.2.2', '1.2.3', '1.2.9', '1.3.0', '2.0.0', '19.0.0', '19.2.3', '20.0.0'];
  const ranges = ['^0.0.3', '^0.2.1', '^1.2.3', '~1.2.3', '1.2.3', '^19.0.0', '~19.2.0', '^20.0.0', ' ^1.2.3 '];

  it('should answer as the federation runtime does for the shapes it answers directly', () => {
    for (const version of versions)
      for (const range of ranges)
        expect([version, range, satisfiesRange(version, range)]).toEqual([version, range, satisfy(version, range)]);
  });

  it('should leave other shapes to the federation runtime', () => {
    for (const range of ['>=1.2.0 <2.0.0', '^1.0.0 || ^2.0.0', '1.x', '*', '^1.2.3-beta.1'])
      for (const version of ['1.2.3', '2.0.0', '1.2.3-beta.2'])
        expect([version, range, satisfiesRange(version, range)]).toEqual([version, range, satisfy(version, range)]);
  });
});
