import { applyLanguage, createLanguageStore, resolveInitialLanguage } from './language';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});

describe('resolveInitialLanguage', () => {
  it('should default to English when nothing is stored', () => {
    expect(resolveInitialLanguage(null)).toBe('en');
    expect(resolveInitialLanguage(undefined)).toBe('en');
  });

  it('should let a stored supported language override the default', () => {
    expect(resolveInitialLanguage('fr')).toBe('fr');
  });

  it('should fall back to English for an unsupported stored value', () => {
    expect(resolveInitialLanguage('de')).toBe('en');
    expect(resolveInitialLanguage('FR')).toBe('en');
    expect(resolveInitialLanguage('')).toBe('en');
  });
});

describe('applyLanguage', () => {
  it('should set <html lang> and dir and save the choice under the language key', () => {
    applyLanguage('fr');
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('language')).toBe('fr');
    applyLanguage('en');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(localStorage.getItem('language')).toBe('en');
  });
});

describe('createLanguageStore', () => {
  it('should apply a change, tell the i18n instance and the subscribers, and ignore the same language', () => {
    const switched: string[] = [];
    const store = createLanguageStore({ initial: 'en', onChange: (language) => switched.push(language) });
    let heard = 0;
    store.subscribe(() => heard++);
    store.set('en');
    expect(heard).toBe(0);
    store.set('fr');
    expect(store.get()).toBe('fr');
    expect(switched).toEqual(['fr']);
    expect(heard).toBe(1);
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('language')).toBe('fr');
  });
});
