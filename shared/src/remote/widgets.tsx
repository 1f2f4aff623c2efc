import { useEffect, useState, type ComponentType } from 'react';
import type { RemoteName } from '../api/remote-access';
import { catalogues } from '../i18n/catalogue-store';
import type { collectmaster } from '../i18n/en/collectmaster';
import type { common } from '../i18n/en/common';
import type { content } from '../i18n/en/content';
import type { dashboards } from '../i18n/en/dashboards';
import type { Namespace } from '../i18n/resources';
import type { Language, MountProps, RemoteLifecycles } from './contract';
import { reactLifecycles } from './react-lifecycles';
import { RemotePropsContext } from './remote-context';
import { RetryBoundary } from './retry-boundary';

export type { Language };

// Home widgets (docs/product.md §2, /home): small views a remote offers the home page, mounted by the shell
// like a remote area, each on its own, so that one failing widget leaves the others and the page.
// This module is deliberately light: no design system, no i18next, so that /home stays within budget.

export type HomeWidgetId = 'must-read-advices' | 'pinned-news' | 'upcoming-trainings' | 'latest-files' | 'favourite-dashboards';

export interface HomeWidget {
  id: HomeWidgetId;
  /** The remote whose `./widgets` module offers it. */
  remote: RemoteName;
  /** Not shown in display-as (docs/product.md §2: collectmaster is unavailable there, its API answers 403). */
  hiddenInDisplayAs?: boolean;
}

/** The home page's widgets, in page order. */
export const HOME_WIDGETS: readonly HomeWidget[] = [
  { id: 'pinned-news', remote: 'content' },
  { id: 'upcoming-trainings', remote: 'content' },
  { id: 'latest-files', remote: 'collectmaster', hiddenInDisplayAs: true },
  { id: 'favourite-dashboards', remote: 'dashboards' },
  // Last while a widget cannot give its cell back: most days nothing waits to be confirmed, and an
  // empty card at the top would push the others below a phone's fold. The advices list shows the
  // waiting must-reads first.
  { id: 'must-read-advices', remote: 'content' },
];

// The card every widget draws itself in (plain elements and CSS), and the height its cell keeps.
export { WIDGET_MIN_HEIGHT_PX, WidgetFrame, WidgetLink, WidgetStatus } from './widget-frame';

/** What a remote exposes as `./widgets`: single-spa lifecycles for each home widget it offers. */
export interface RemoteWidgetsModule {
  default: Partial<Record<HomeWidgetId, RemoteLifecycles>>;
}

/** The catalogues home widgets read (directly, without i18next). */
interface WidgetCatalogues {
  common: typeof common;
  content: typeof content;
  collectmaster: typeof collectmaster;
  dashboards: typeof dashboards;
}
export type WidgetNamespace = keyof WidgetCatalogues;

/**
 * A widget's texts in `language`: one namespace's catalogue, fetched in that language only (a chunk
 * per language and namespace) before the widget mounts and before a language change reaches it.
 */
export function widgetCatalogue<N extends WidgetNamespace>(language: Language, namespace: N): WidgetCatalogues[N] {
  const catalogue = catalogues.get(language, namespace) ?? catalogues.get('en', namespace);
  if (!catalogue) throw new Error(`The ${language} catalogue "${namespace}" is not loaded`);
  return catalogue as WidgetCatalogues[N];
}

/**
 * A render error inside a widget stays inside it: a short notice and a retry, in plain elements.
 * Its two texts are in 'common', which the widgets do not fetch up front: it comes when needed.
 */
function WidgetFailed({ language, retry }: { language: Language; retry: () => void }) {
  const ready = catalogues.has(language, ['common']);
  const [, setFetched] = useState(0);
  useEffect(() => {
    if (ready) return;
    let left = false;
    void catalogues
      .load(language, ['common'])
      .catch(() => undefined)
      .then(() => {
        if (!left) setFetched((count) => count + 1);
      });
    return () => {
      left = true;
    };
  }, [language, ready]);
  const text = catalogues.get(language, 'common') as typeof common | undefined;
  return (
    <div role="alert" className="hub-widget-failed">
      <p>{text?.sectionUnavailable.title}</p>
      <button type="button" onClick={retry}>
        {text?.retry ?? '↻'}
      </button>
    </div>
  );
}

/**
 * The lifecycles of one home widget, made with single-spa-react like a remote's `./app`. The widget
 * reads the shell's props with useRemoteProps(), as a remote's pages do, and its texts with
 * widgetCatalogue(language, namespace): `namespace` is fetched in the current language before it
 * mounts, and in a new language before an update carrying it is rendered (updates in turn, so the
 * last language chosen wins).
 */
export function createWidgetLifecycles(Widget: ComponentType, namespace?: WidgetNamespace): RemoteLifecycles {
  const namespaces: Namespace[] = namespace ? [namespace] : [];
  function Root(props: MountProps) {
    return (
      <RemotePropsContext.Provider value={props}>
        <RetryBoundary
          what="A home widget"
          onError={props.reportError}
          fallback={(retry) => <WidgetFailed language={props.language} retry={retry} />}
          style={{ height: '100%' }}
        >
          <Widget />
        </RetryBoundary>
      </RemotePropsContext.Provider>
    );
  }
  const lifecycles = reactLifecycles(Root);
  let updates: Promise<unknown> = Promise.resolve();
  return {
    ...lifecycles,
    mount: async (props) => {
      await catalogues.load(props.language, namespaces);
      return lifecycles.mount(props);
    },
    update: (props) =>
      (updates = updates
        .catch(() => undefined)
        .then(async () => {
          await catalogues.load(props.language, namespaces);
          return lifecycles.update?.(props);
        })),
  };
}

export { useRemoteProps } from './remote-context';
export { useWidgetData } from './use-widget-data';
