import i18next, { type i18n, type Resource } from 'i18next';
import type { Language } from '../remote/contract';
import { catalogues, type CatalogueStore } from './catalogue-store';
import { FALLBACK_LANGUAGE, LANGUAGES } from './languages';
import type { Namespace } from './resources';

/**
 * An i18next instance holding only the namespaces a part needs (its own and 'common'), made
 * synchronously from the catalogues at hand in `store`, so the first render already speaks the
 * right language: load the current language's catalogues first (`store.load`). Other languages
 * come with `switchLanguage`.
 */
export function createI18n(namespaces: readonly Namespace[], language: Language, store: CatalogueStore = catalogues): i18n {
  const instance = i18next.createInstance();
  const resources: Resource = {};
  for (const { code } of LANGUAGES) {
    for (const namespace of namespaces) {
      const catalogue = store.get(code, namespace);
      if (catalogue) (resources[code] ??= {})[namespace] = catalogue;
    }
  }
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES.map(({ code }) => code),
    ns: [...namespaces],
    defaultNS: namespaces[0],
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** The language each instance was last asked to speak: a slower, earlier switch must not win. */
const wanted = new WeakMap<i18n, Language>();

/**
 * Switches an instance made by `createI18n` to `language`, fetching that language's catalogues of
 * its namespaces first when they are not at hand; until then it keeps speaking the language it
 * speaks (no untranslated key shows). When they are at hand the switch happens at once.
 */
export async function switchLanguage(instance: i18n, language: Language, store: CatalogueStore = catalogues): Promise<void> {
  const namespaces = ([] as string[]).concat(instance.options.ns ?? []) as Namespace[];
  wanted.set(instance, language);
  if (!store.has(language, namespaces)) await store.load(language, namespaces);
  if (wanted.get(instance) !== language) return;
  for (const namespace of namespaces) {
    const catalogue = store.get(language, namespace);
    if (catalogue && !instance.hasResourceBundle(language, namespace)) instance.addResourceBundle(language, namespace, catalogue);
  }
  if (instance.language !== language) await instance.changeLanguage(language);
}
