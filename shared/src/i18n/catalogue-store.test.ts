import type { Language } from '../remote/contract';
import { borrowCatalogue, createCatalogueStore, importCatalogue, lendCatalogues, type CatalogueLoader } from './catalogue-store';
import { createI18n, switchLanguage } from './create-i18n';
import { en, fr, type Namespace } from './resources';

/** The real loader (dynamic imports), noting what it was asked for; `hold` keeps a language's answers back. */
function recordingLoader() {
  const asked: string[] = [];
  const held = new Map<Language, Array<() => void>>();
  const holding = new Set<Language>();
  const loader: CatalogueLoader = async (language, namespace) => {
    asked.push(`${language}/${namespace}`);
    if (holding.has(language)) await new Promise<void>((resolve) => held.set(language, [...(held.get(language) ?? []), resolve]));
    return importCatalogue(language, namespace);
  };
  return {
    loader,
    asked,
    hold: (language: Language) => holding.add(language),
    release: (language: Language) => {
      holding.delete(language);
      for (const resolve of held.get(language) ?? []) resolve();
    },
  };
}

const ADMIN: Namespace[] = ['admin', 'common'];

describe('catalogues per part, language and namespace', () => {
  it('should import one language of one namespace', async () => {
    await expect(importCatalogue('fr', 'admin')).resolves.toEqual(fr.admin);
    await expect(importCatalogue('en', 'common')).resolves.toEqual(en.common);
  });

  it('should give an instance its namespaces in the current language only, and fetch the other one when switched to', async () => {
    const { loader, asked } = recordingLoader();
    const store = createCatalogueStore(loader);
    await store.load('en', ADMIN);
    const i18n = createI18n(ADMIN, 'en', store);
    expect(asked).toEqual(['en/admin', 'en/common']);
    expect(i18n.t('deleteFailed', { ns: 'admin' })).toBe(en.admin.deleteFailed);
    expect(i18n.hasResourceBundle('fr', 'admin')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'content')).toBe(false);

    await switchLanguage(i18n, 'fr', store);
    expect(asked).toEqual(['en/admin', 'en/common', 'fr/admin', 'fr/common']);
    expect(i18n.language).toBe('fr');
    expect(i18n.t('deleteFailed', { ns: 'admin' })).toBe(fr.admin.deleteFailed);
    expect(i18n.t('common:deleteDialog.question')).toBe(fr.common.deleteDialog.question);

    await switchLanguage(i18n, 'en', store);
    expect(i18n.t('deleteFailed', { ns: 'admin' })).toBe(en.admin.deleteFailed);
    expect(asked).toHaveLength(4);
  });

  it('should keep speaking the current language while the other one loads, and let the last choice win', async () => {
    const { loader, hold, release } = recordingLoader();
    const store = createCatalogueStore(loader);
    await store.load('en', ADMIN);
    const i18n = createI18n(ADMIN, 'en', store);
    hold('fr');
    const toFrench = switchLanguage(i18n, 'fr', store);
    expect(i18n.t('deleteFailed', { ns: 'admin' })).toBe(en.admin.deleteFailed);
    await switchLanguage(i18n, 'en', store);
    release('fr');
    await toFrench;
    expect(i18n.language).toBe('en');
    expect(i18n.t('deleteFailed', { ns: 'admin' })).toBe(en.admin.deleteFailed);
  });

  it('should fetch a catalogue once when two parts of a page ask for it at the same time', async () => {
    const { loader, asked } = recordingLoader();
    const store = createCatalogueStore(loader);
    await Promise.all([store.load('fr', ADMIN), store.load('fr', ['common'])]);
    expect(asked).toEqual(['fr/admin', 'fr/common']);
    expect(store.has('fr', ADMIN)).toBe(true);
    expect(store.has('en', ['common'])).toBe(false);
  });

  it('should start an instance in a language whose catalogues are registered, without fetching', () => {
    const { loader, asked } = recordingLoader();
    const store = createCatalogueStore(loader);
    store.register({ fr: { shell: fr.shell, common: fr.common } });
    const i18n = createI18n(['shell', 'common'], 'fr', store);
    expect(i18n.t('nav.home', { ns: 'shell' })).toBe(fr.shell.nav.home);
    expect(asked).toEqual([]);
  });
});

describe('the common catalogue lent by the shell', () => {
  afterEach(() => {
    delete globalThis.__HUB_LENT_CATALOGUES__;
  });

  it("should give a remote the shell's copy only when both were built from the same source", () => {
    const shell = createCatalogueStore();
    shell.register({ en: { common: en.common } });
    lendCatalogues(shell, { 'en/common': 'aaaa', 'fr/common': 'bbbb' });

    expect(borrowCatalogue('en', 'common', { 'en/common': 'aaaa' })).toBe(en.common);
    // A remote released with other strings fetches its own.
    expect(borrowCatalogue('en', 'common', { 'en/common': 'cccc' })).toBeUndefined();
    // Nothing the shell does not hold (French not fetched yet), nothing without a stamp.
    expect(borrowCatalogue('fr', 'common', { 'fr/common': 'bbbb' })).toBeUndefined();
    expect(borrowCatalogue('en', 'common', {})).toBeUndefined();
  });

  it('should lend nothing when no shell lends', () => {
    expect(borrowCatalogue('en', 'common', { 'en/common': 'aaaa' })).toBeUndefined();
  });
});
