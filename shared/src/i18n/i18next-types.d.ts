import type { en } from './resources';

/**
 * The catalogues' keys as types: `t('advices.title')` is checked against the English catalogue of
 * the namespace in use, so a misspelt key fails the type check instead of showing as raw text.
 * No namespace is the default: each part's instance defaults to its own (createI18n), so a call
 * names its namespace (`useTranslation('content')`, `{ ns: 'common' }` or `common:` before the key).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: false;
    resources: typeof en;
  }
}
