import type { Language } from '../remote/contract';

export interface LanguageConfig {
  code: Language;
  /** The value of <html lang>. */
  i18nLang: string;
  isRTL: boolean;
  /** The language's own name, shown in the switcher. */
  label: string;
}

/** Right-to-left support exists in this configuration, but no configured language uses it (docs/product.md §1). */
export const LANGUAGES: readonly LanguageConfig[] = [
  { code: 'en', i18nLang: 'en', isRTL: false, label: 'English' },
  { code: 'fr', i18nLang: 'fr', isRTL: false, label: 'Français' },
];

export const DEFAULT_LANGUAGE: Language = 'en';
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

export function languageConfig(code: Language): LanguageConfig {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[0]!;
}
