import type { ComponentType } from 'react';
import type { RemoteName } from '../api/remote-access';
import { common as commonEn } from '../i18n/en/common';
import { common as commonFr } from '../i18n/fr/common';
import type { Language, MountProps, RemoteLifecycles } from './contract';
import { reactLifecycles } from './react-lifecycles';
import { RemotePropsContext } from './remote-context';
import { RetryBoundary } from './retry-boundary';

export type { Language };

// Home widgets (SPEC §2, /home): small views a remote offers the home page, mounted by the shell
// like a remote area, each on its own, so that one failing widget leaves the others and the page.
// This module is deliberately light: no design system, no i18next, so that /home stays within budget.

export type HomeWidgetId = 'pinned-news' | 'upcoming-trainings' | 'latest-files';

export interface HomeWidget {
  id: HomeWidgetId;
  /** The remote whose `./widgets` module offers it. */
  remote: RemoteName;
  /** Not shown in display-as (SPEC §2: collectmaster is unavailable there, its API answers 403). */
  hiddenInDisplayAs?: boolean;
}

/** The home page's widgets, in page order. */
export const HOME_WIDGETS: readonly HomeWidget[] = [
  { id: 'pinned-news', remote: 'content' },
  { id: 'upcoming-trainings', remote: 'content' },
  { id: 'latest-files', remote: 'collectmaster', hiddenInDisplayAs: true },
];

// The card every widget draws itself in (plain elements and CSS), and the height its cell keeps.
export { WIDGET_MIN_HEIGHT_PX, WidgetFrame, WidgetLink, WidgetStatus } from './widget-frame';

/** What a remote exposes as `./widgets`: single-spa lifecycles for each home widget it offers. */
export interface RemoteWidgetsModule {
  default: Partial<Record<HomeWidgetId, RemoteLifecycles>>;
}

const COMMON = { en: commonEn, fr: commonFr } as const;

/** A render error inside a widget stays inside it: a short notice and a retry, in plain elements. */
function widgetFallback(language: Language) {
  const text = COMMON[language] ?? COMMON.en;
  return (retry: () => void) => (
    <div role="alert" className="hub-widget-failed">
      <p>{text.sectionUnavailable.title}</p>
      <button type="button" onClick={retry}>
        {text.retry}
      </button>
    </div>
  );
}

/**
 * The lifecycles of one home widget, made with single-spa-react like a remote's `./app`. The widget
 * reads the shell's props with useRemoteProps(), as a remote's pages do.
 */
export function createWidgetLifecycles(Widget: ComponentType): RemoteLifecycles {
  function Root(props: MountProps) {
    return (
      <RemotePropsContext.Provider value={props}>
        <RetryBoundary what="A home widget" fallback={widgetFallback(props.language)} style={{ height: '100%' }}>
          <Widget />
        </RetryBoundary>
      </RemotePropsContext.Provider>
    );
  }
  return reactLifecycles(Root);
}

export { useRemoteProps } from './remote-context';
