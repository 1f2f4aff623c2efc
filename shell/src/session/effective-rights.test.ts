import { makeUser } from '@hub/shared/remote';
import { bothHave, effectiveRights } from './effective-rights';

describe('effectiveRights', () => {
  it('should give the rights both the connected and the displayed user hold', () => {
    const admin = makeUser({ id: 1, rights: ['administrator'] });
    const contributor = makeUser({ id: 2, rights: ['contributor'] });
    const plain = makeUser({ id: 3, rights: ['user'] });
    expect(effectiveRights({ user: admin, displayedUser: admin })).toEqual(['user', 'contributor', 'publisher', 'administrator']);
    expect(effectiveRights({ user: admin, displayedUser: contributor })).toEqual(['user', 'contributor']);
    expect(effectiveRights({ user: admin, displayedUser: plain })).toEqual(['user']);
    expect(effectiveRights({ user: null, displayedUser: null })).toEqual([]);
    expect(bothHave(admin.rights, plain.rights, 'contributor')).toBe(false);
    expect(bothHave(admin.rights, contributor.rights, 'contributor')).toBe(true);
  });
});
