import { useEffect, useState } from 'react';
import { useLanguage, useShell } from '../shell-context';
import { addCatalogue } from '../language/add-catalogue';

/** True once the search catalogue of the current language is in the shell's i18next instance. */
export function useSearchCatalogue(): boolean {
  const { i18n } = useShell();
  const language = useLanguage();
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(language, 'search'));
  useEffect(() => {
    let current = true;
    addCatalogue(i18n, language, 'search').then(
      () => current && setReady(true),
      () => current && setReady(true),
    );
    return () => {
      current = false;
    };
  }, [i18n, language]);
  return ready;
}
