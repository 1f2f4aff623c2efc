import { catalogues, isLanguage } from '@hub/shared/i18n';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The 'notifications' namespace, fetched with the panel or the page (not in the shell's entry) in
 * the current language; null until it is at hand.
 */
export function useNotificationsText(): TFunction | null {
  // The language the shell speaks now (it switches once that language's catalogues are at hand).
  const { i18n } = useTranslation('shell');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [ready, setReady] = useState<string | null>(() => (i18n.hasResourceBundle(language, 'notifications') ? language : null));
  useEffect(() => {
    if (i18n.hasResourceBundle(language, 'notifications')) {
      setReady(language);
      return undefined;
    }
    let live = true;
    catalogues
      .load(language, ['notifications'])
      .then(() => {
        const catalogue = catalogues.get(language, 'notifications');
        if (catalogue && !i18n.hasResourceBundle(language, 'notifications')) i18n.addResourceBundle(language, 'notifications', catalogue);
        if (live) setReady(language);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return ready === language ? i18n.getFixedT(language, 'notifications') : null;
}
