import { catalogues, isLanguage, type Namespace } from '@hub/shared/i18n';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Whether the shell's i18next instance holds `namespace` in the language it speaks, fetching it the
 * first time: a namespace that is not part of the shell's entry (the user's own pages: 'account').
 * Once added, the namespace is one of the instance's namespaces (i18next's addResourceBundle adds it
 * to `options.ns`), so a later change of language fetches it with the others before switching
 * (switchLanguage): the page stays mounted and nothing shows untranslated meanwhile.
 */
export function useCatalogue(namespace: Namespace): boolean {
  const { i18n } = useTranslation('shell');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const held = i18n.hasResourceBundle(language, namespace);
  // Only to render again once a fetch has added the namespace.
  const [, setFetched] = useState(0);
  useEffect(() => {
    if (held) return undefined;
    let live = true;
    catalogues
      .load(language, [namespace])
      .then(() => {
        const catalogue = catalogues.get(language, namespace);
        if (catalogue && !i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, catalogue);
        if (live) setFetched((count) => count + 1);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [i18n, language, namespace, held]);
  return held;
}

/** `children` once `namespace` is at hand in the current language (useCatalogue); `fallback` until then. */
export function WithCatalogue({
  namespace,
  children,
  fallback = null,
}: {
  namespace: Namespace;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCatalogue(namespace) ? children : fallback;
}

/** `Page`, rendered once `namespace` is at hand (WithCatalogue): a page whose strings come with it. */
export function withCatalogue(namespace: Namespace, Page: ComponentType): ComponentType {
  function PageWithCatalogue() {
    return (
      <WithCatalogue namespace={namespace}>
        <Page />
      </WithCatalogue>
    );
  }
  return PageWithCatalogue;
}
