import { hasRole, highestRole, isAdministrator, isContributor, isPublisher, isUser } from './roles';

describe('roles', () => {
  it('should make each role include the rights below it (docs/product.md §6)', () => {
    const table: Array<[string, boolean[]]> = [
      ['user', [true, false, false, false]],
      ['contributor', [true, true, false, false]],
      ['publisher', [true, true, true, false]],
      ['administrator', [true, true, true, true]],
    ];
    for (const [role, expected] of table) {
      expect([isUser([role]), isContributor([role]), isPublisher([role]), isAdministrator([role])]).toEqual(expected);
    }
  });

  it('should grant nothing to an empty or unknown rights list', () => {
    expect(hasRole([], 'user')).toBe(false);
    expect(hasRole(['superuser'], 'user')).toBe(false);
    expect(highestRole(['superuser'])).toBeNull();
  });

  it('should take the highest role of a list', () => {
    expect(highestRole(['user', 'publisher', 'contributor'])).toBe('publisher');
  });
});
