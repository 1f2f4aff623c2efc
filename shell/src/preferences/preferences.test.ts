import {
  cookieName,
  createPreferencesStore,
  DEFAULT_PREFERENCES,
  preferenceCookie,
  readPreferences,
  resolveColorScheme,
  withPreference,
  type InterfacePreferences,
} from './preferences';

const clearCookies = () => {
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof InterfacePreferences)[]) {
    document.cookie = `${cookieName(key)}=; Max-Age=0; Path=/`;
  }
};

describe('interface preferences', () => {
  afterEach(clearCookies);

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

  it('should name each cookie after the app title, and keep every one for 30 days', () => {
    expect((Object.keys(DEFAULT_PREFERENCES) as (keyof InterfacePreferences)[]).map(cookieName)).toEqual([
      'client-hub-theme',
      'client-hub-skin',
      'client-hub-content-width',
      'client-hub-nav-collapsed',
      'client-hub-navbar-blur',
      'client-hub-semi-dark-nav',
      'client-hub-nav-layout',
      'client-hub-navbar-type',
    ]);
    expect(preferenceCookie('navLayout', 'horizontal')).toBe('client-hub-nav-layout=horizontal; Max-Age=2592000; Path=/; SameSite=Lax');
  });

  it('should force a hidden navbar back to sticky and un-collapse the vertical navigation when switching to horizontal', () => {
    const vertical = { ...DEFAULT_PREFERENCES, navbarType: 'hidden', navCollapsed: true } as const;
    expect(withPreference(vertical, 'navLayout', 'horizontal')).toMatchObject({
      navLayout: 'horizontal',
      navbarType: 'sticky',
      navCollapsed: false,
    });
    expect(withPreference(vertical, 'navLayout', 'vertical')).toMatchObject({ navbarType: 'hidden', navCollapsed: true });
    expect(withPreference(vertical, 'navbarBlur', false)).toMatchObject({ navbarType: 'hidden', navCollapsed: true, navbarBlur: false });
  });

  it('should save what the switch to horizontal changed in the cookies too', () => {
    const store = createPreferencesStore();
    store.set('navbarType', 'hidden');
    store.set('navCollapsed', true);
    store.set('navLayout', 'horizontal');
    expect(readPreferences(document.cookie)).toMatchObject({ navLayout: 'horizontal', navbarType: 'sticky', navCollapsed: false });
  });

  it('should swap the skin on the page and back to the defaults', () => {
    const store = createPreferencesStore();
    store.set('skin', 'bordered');
    expect(document.documentElement).toHaveAttribute('data-skin', 'bordered');
    store.set('skin', 'default');
    expect(document.documentElement).not.toHaveAttribute('data-skin');
  });

  it('should follow the OS live while the theme is system, and not otherwise', () => {
    // The browser's media query list, as jsdom has none: a change event and a `matches` flag.
    const query = Object.assign(new EventTarget(), { matches: false });
    const original = window.matchMedia;
    window.matchMedia = (() => query) as unknown as typeof window.matchMedia;
    try {
      const store = createPreferencesStore();
      store.set('theme', 'system');
      expect(document.documentElement).toHaveClass('light');
      query.matches = true;
      query.dispatchEvent(new Event('change'));
      expect(document.documentElement).toHaveClass('dark');
      store.set('theme', 'light');
      query.matches = false;
      query.dispatchEvent(new Event('change'));
      query.matches = true;
      query.dispatchEvent(new Event('change'));
      expect(document.documentElement).toHaveClass('light');
    } finally {
      window.matchMedia = original;
    }
  });
});
