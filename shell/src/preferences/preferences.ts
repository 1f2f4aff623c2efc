import type { Preferences } from '@hub/shared/remote';

export type Theme = Preferences['theme'];

/** The interface preferences of docs/product.md §4 that the shell keeps (defaults of docs/product.md §9). */
export interface InterfacePreferences {
  theme: Theme;
  skin: Preferences['skin'];
  contentWidth: Preferences['contentWidth'];
  navCollapsed: boolean;
  navbarBlur: boolean;
  semiDarkNav: boolean;
  /** The content layout's navigation (docs/product.md §4 "content layout nav"). */
  navLayout: 'vertical' | 'horizontal';
  /** Sticky, or scrolling away with the page. */
  navbarType: 'sticky' | 'hidden';
}

export const DEFAULT_PREFERENCES: InterfacePreferences = {
  theme: 'light',
  skin: 'default',
  contentWidth: 'boxed',
  navCollapsed: false,
  navbarBlur: true,
  semiDarkNav: false,
  navLayout: 'vertical',
  navbarType: 'sticky',
};

/** Cookies are prefixed with the app title ('Client Hub', made cookie-safe); index.html reads the theme one. */
export const COOKIE_PREFIX = 'client-hub';

const VALID: { [K in keyof InterfacePreferences]: readonly InterfacePreferences[K][] } = {
  theme: ['light', 'dark', 'system'],
  skin: ['default', 'bordered'],
  contentWidth: ['boxed', 'full'],
  navCollapsed: [true, false],
  navbarBlur: [true, false],
  semiDarkNav: [true, false],
  navLayout: ['vertical', 'horizontal'],
  navbarType: ['sticky', 'hidden'],
};

/** Preference cookies live 30 days (docs/product.md §9). */
export const PREFERENCE_COOKIE_DAYS = 30;
const MAX_AGE_SECONDS = PREFERENCE_COOKIE_DAYS * 24 * 60 * 60;

export function cookieName(key: keyof InterfacePreferences): string {
  return `${COOKIE_PREFIX}-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Reads the preferences from a cookie string; anything missing or invalid takes its default. */
export function readPreferences(cookies: string): InterfacePreferences {
  const jar = new Map(
    cookies
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair): pair is [string, string] => pair.length === 2)
      .map(([name, value]) => [name, decodeURIComponent(value)]),
  );
  const result = { ...DEFAULT_PREFERENCES } as Record<string, unknown>;
  for (const key of Object.keys(VALID) as (keyof InterfacePreferences)[]) {
    const raw = jar.get(cookieName(key));
    if (raw === undefined) continue;
    const value = raw === 'true' ? true : raw === 'false' ? false : raw;
    if ((VALID[key] as readonly unknown[]).includes(value)) result[key] = value;
  }
  return result as unknown as InterfacePreferences;
}

/** The cookie that keeps one preference for 30 days. */
export function preferenceCookie<K extends keyof InterfacePreferences>(key: K, value: InterfacePreferences[K]): string {
  return `${cookieName(key)}=${encodeURIComponent(String(value))}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/**
 * One change and what it brings with it (docs/product.md §4): switching to horizontal navigation forces a
 * hidden navbar back to sticky and un-collapses the vertical navigation.
 */
export function withPreference<K extends keyof InterfacePreferences>(
  preferences: InterfacePreferences,
  key: K,
  value: InterfacePreferences[K],
): InterfacePreferences {
  const next = { ...preferences, [key]: value };
  if (key === 'navLayout' && value === 'horizontal') {
    next.navbarType = 'sticky';
    next.navCollapsed = false;
  }
  return next;
}

/** 'system' follows the OS preference. */
export function resolveColorScheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
}

export function toRemotePreferences(preferences: InterfacePreferences, prefersDark: boolean, isAppRTL: boolean): Preferences {
  return {
    theme: preferences.theme,
    colorScheme: resolveColorScheme(preferences.theme, prefersDark),
    skin: preferences.skin,
    contentWidth: preferences.contentWidth,
    isAppRTL,
  };
}

export interface PreferencesStore {
  get(): InterfacePreferences;
  colorScheme(): 'light' | 'dark';
  set<K extends keyof InterfacePreferences>(key: K, value: InterfacePreferences[K]): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The typed preferences store: cookies for persistence, the colour scheme applied to <html>
 * (Chakra's `.dark` class and `color-scheme`), and 'system' kept in step with the OS.
 */
export function createPreferencesStore(doc: Document = document): PreferencesStore {
  let preferences = readPreferences(doc.cookie);
  const listeners = new Set<() => void>();
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const scheme = () => resolveColorScheme(preferences.theme, media?.matches ?? false);
  const apply = () => {
    const current = scheme();
    // The skin swaps the theme's background and surface colours (index.html, html[data-skin]);
    // without the attribute the defaults stand.
    if (preferences.skin === 'default') delete doc.documentElement.dataset.skin;
    else doc.documentElement.dataset.skin = preferences.skin;
    doc.documentElement.classList.toggle('dark', current === 'dark');
    doc.documentElement.classList.toggle('light', current === 'light');
    doc.documentElement.style.colorScheme = current;
  };
  const emit = () => {
    apply();
    for (const listener of listeners) listener();
  };
  media?.addEventListener?.('change', () => {
    if (preferences.theme === 'system') emit();
  });
  apply();
  return {
    get: () => preferences,
    colorScheme: scheme,
    set(key, value) {
      const next = withPreference(preferences, key, value);
      for (const name of Object.keys(next) as (keyof InterfacePreferences)[]) {
        if (next[name] !== preferences[name]) doc.cookie = preferenceCookie(name, next[name]);
      }
      preferences = next;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
