/**
 * For a suite about what the shell writes to the console: each test starts with empty browser
 * storage, and `console.warn` caught (not printed) in the spy this returns, read in the tests.
 */
export function catchWarnings(): { readonly spy: jest.SpyInstance } {
  const caught = {} as { spy: jest.SpyInstance };
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    caught.spy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => caught.spy.mockRestore());
  return caught;
}
