import { isLanguage } from '@hub/shared/i18n';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../language/with-catalogue';

/**
 * The 'notifications' namespace, fetched with the panel or the page (not in the shell's entry) in
 * the current language; null until it is at hand.
 */
export function useNotificationsText(): TFunction<'notifications'> | null {
  // The language the shell speaks now (it switches once that language's catalogues are at hand).
  const { i18n } = useTranslation('shell');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return useCatalogue('notifications') ? i18n.getFixedT(language, 'notifications') : null;
}
