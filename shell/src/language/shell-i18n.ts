import { catalogues, createI18n, lendCatalogues, type Namespace } from '@hub/shared/i18n';
import { common as enCommon } from '@hub/shared/i18n/en/common';
import { shell as enShell } from '@hub/shared/i18n/en/shell';
import type { Language } from '@hub/shared/remote';
import type { i18n } from 'i18next';

/** The shell's namespaces: its own and 'common'. */
export const SHELL_NAMESPACES: readonly Namespace[] = ['shell', 'common'];

// English, the default and fallback language, is part of the shell's entry: /login and /home render
// translated text without waiting for a second file. French is a chunk per namespace, fetched before
// the first render when it is the stored language, or when someone switches to it.
catalogues.register({ en: { shell: enShell, common: enCommon } });
// The remotes take the shell's 'common' instead of fetching their own, where built from the same source.
lendCatalogues(catalogues);

/**
 * The shell's i18next instance: its two namespaces only, imported directly (the table of every
 * namespace would put the remotes' catalogues into the shell's entry, on /login and /home).
 * With another language it has English only: `switchLanguage(instance, language)` fetches that
 * language's catalogues (main.tsx waits for them before the first render).
 */
export function createShellI18n(language: Language): i18n {
  return createI18n(SHELL_NAMESPACES, language);
}
