import { STORAGE_KEYS } from '@hub/shared/api';
import { DEFAULT_LANGUAGE, isLanguage, languageConfig } from '@hub/shared/i18n';
import type { Language } from '@hub/shared/remote';

/** The language at start (docs/product.md §1): a stored, supported language overrides the default. */
export function resolveInitialLanguage(stored: string | null | undefined): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Applies a language to the page and keeps it: <html lang> and dir, and the local-storage key. */
export function applyLanguage(language: Language, doc: Document = document, storage: Storage = localStorage): void {
  const config = languageConfig(language);
  doc.documentElement.lang = config.i18nLang;
  doc.documentElement.dir = config.isRTL ? 'rtl' : 'ltr';
  storage.setItem(STORAGE_KEYS.language, language);
}

export interface LanguageStore {
  get(): Language;
  set(language: Language): void;
  subscribe(listener: () => void): () => void;
}

/** The current language, observable; `onChange` switches the i18n instance. */
export function createLanguageStore(options: {
  initial: Language;
  onChange: (language: Language) => void;
  doc?: Document;
  storage?: Storage;
}): LanguageStore {
  let current = options.initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(language) {
      if (language === current) return;
      current = language;
      applyLanguage(language, options.doc, options.storage);
      options.onChange(language);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
