import { FALLBACK_LANGUAGE } from '@hub/shared/i18n';
import { common as enCommon } from '@hub/shared/i18n/en/common';
import { shell as enShell } from '@hub/shared/i18n/en/shell';
import { common as frCommon } from '@hub/shared/i18n/fr/common';
import { shell as frShell } from '@hub/shared/i18n/fr/shell';
import type { Language } from '@hub/shared/remote';
import i18next, { type i18n } from 'i18next';

/**
 * The shell's i18next instance, as `createI18n(['shell', 'common'])` makes it, but importing its two
 * catalogues directly: `createI18n` reads the table of every namespace, which put the remotes'
 * catalogues (the admin consoles' growing one among them) into the shell's entry, on /login and /home.
 */
export function createShellI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ['en', 'fr'],
    ns: ['shell', 'common'],
    defaultNS: 'shell',
    resources: { en: { shell: enShell, common: enCommon }, fr: { shell: frShell, common: frCommon } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
