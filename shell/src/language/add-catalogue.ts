import { catalogues, type Namespace } from '@hub/shared/i18n';
import type { Language } from '@hub/shared/remote';
import type { i18n as I18n } from 'i18next';

/**
 * Fetches a namespace the shell's entry does not hold (the search's, the notification centre's, the
 * user's own pages') in `language` and adds it to the shell's i18next instance. Once added it is one
 * of the instance's namespaces (i18next's addResourceBundle adds it to `options.ns`), so a later
 * change of language fetches it with the others before switching (switchLanguage).
 */
export async function addCatalogue(i18n: I18n, language: Language, namespace: Namespace): Promise<void> {
  await catalogues.load(language, [namespace]);
  const catalogue = catalogues.get(language, namespace);
  if (catalogue && !i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, catalogue);
}
