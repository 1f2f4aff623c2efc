import { createPreferencesStore, DEFAULT_PREFERENCES, preferenceCookie, readPreferences, resolveColorScheme } from './preferences';

describe('interface preferences', () => {
  afterEach(() => {
    document.cookie = 'client-hub-theme=; Max-Age=0; Path=/';
  });

  it('should take the defaults (theme light, skin default) when no cookie is set or a value is invalid', () => {
    expect(readPreferences('')).toEqual(DEFAULT_PREFERENCES);
    expect(readPreferences('client-hub-theme=purple; client-hub-nav-collapsed=maybe')).toEqual(DEFAULT_PREFERENCES);
  });

  it('should read the cookies prefixed with the app title', () => {
    expect(readPreferences('other=1; client-hub-theme=dark; client-hub-nav-collapsed=true')).toMatchObject({
      theme: 'dark',
      navCollapsed: true,
    });
  });

  it('should keep a preference for 30 days', () => {
    expect(preferenceCookie('theme', 'system')).toBe('client-hub-theme=system; Max-Age=2592000; Path=/; SameSite=Lax');
  });

  it('should follow the OS for the system theme only', () => {
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
    expect(resolveColorScheme('light', true)).toBe('light');
  });

  it('should save a change in its cookie and apply the scheme to the page', () => {
    const store = createPreferencesStore();
    store.set('theme', 'dark');
    expect(document.cookie).toContain('client-hub-theme=dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(createPreferencesStore().get().theme).toBe('dark');
    store.set('theme', 'light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
