import { isLanguage, type Namespace } from '@hub/shared/i18n';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addCatalogue } from './add-catalogue';

/**
 * Whether the shell's i18next instance holds `namespace` in the language it speaks, fetching it the
 * first time (addCatalogue): a namespace that is not part of the shell's entry. A later change of
 * language fetches it before switching, so a page using it stays mounted and nothing shows
 * untranslated meanwhile.
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
    addCatalogue(i18n, language, namespace).then(
      () => live && setFetched((count) => count + 1),
      () => undefined,
    );
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

/** `Part` (a page, a panel), rendered once `namespace` is at hand (WithCatalogue): a part whose strings come with it. */
export function withCatalogue<Props extends object>(namespace: Namespace, Part: ComponentType<Props>): ComponentType<Props> {
  function WithItsCatalogue(props: Props) {
    return (
      <WithCatalogue namespace={namespace}>
        <Part {...props} />
      </WithCatalogue>
    );
  }
  return WithItsCatalogue;
}
