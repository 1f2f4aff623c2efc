import { makeUser } from '@hub/shared/remote';
import { roleLabel } from './role-label';

const entity = { id: 1, name: 'Northwind', logo: null };

describe('roleLabel', () => {
  it.each([
    [['administrator'], entity, 'generalAdmin'],
    [['administrator'], null, 'generalAdmin'],
    [['contributor'], entity, 'entityAdmin'],
    [['publisher'], entity, 'entityAdmin'],
    [['contributor'], null, 'contributor'],
    [['publisher'], null, 'publisher'],
    [['user'], entity, 'user'],
    [[], null, 'user'],
  ])('should label rights %p with entity %p as %p', (rights, userEntity, label) => {
    expect(roleLabel(makeUser({ rights, entity: userEntity }))).toBe(label);
  });
});
