import i18next, { type i18n } from 'i18next';
import type { Language } from '../remote/contract';
import { FALLBACK_LANGUAGE } from './languages';
import { resources, type Namespace } from './resources';

/**
 * An i18next instance holding only the namespaces a part needs (its own and 'common'),
 * initialised synchronously so the first render already speaks the right language.
 */
export function createI18n(namespaces: readonly Namespace[], language: Language): i18n {
  const instance = i18next.createInstance();
  const pick = (lang: 'en' | 'fr') => Object.fromEntries(namespaces.map((ns) => [ns, resources[lang][ns]])) as Record<string, object>;
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ['en', 'fr'],
    ns: [...namespaces],
    defaultNS: namespaces[0],
    resources: { en: pick('en'), fr: pick('fr') },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
