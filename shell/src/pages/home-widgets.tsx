import { Grid } from '@chakra-ui/react';
import { remotesAllowed } from '@hub/shared/api';
import { HOME_WIDGETS, RemoteErrorBoundary, WIDGET_MIN_HEIGHT_PX, type HomeWidget } from '@hub/shared/remote';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteArea } from '../remotes/remote-area';
import { releaseServices } from '../remotes/release-services';
import { useRemoteProps } from '../remotes/use-remote-props';
import { effectiveRights } from '../session/effective-rights';
import { viewKey } from '../session/session-store';
import { useSessionState, useShell } from '../shell-context';

/**
 * The widgets the remotes offer the home page (pinned news, upcoming trainings), each loaded and
 * mounted like a remote area behind its own boundary: one that fails shows "section unavailable"
 * with a retry in its own cell, and the others and the page are untouched. A widget of a remote the
 * user's role may not use is not requested at all.
 */
export function HomeWidgets() {
  const { t } = useTranslation('shell');
  const state = useSessionState();
  const allowed = new Set(remotesAllowed(effectiveRights(state)));
  const widgets = HOME_WIDGETS.filter((widget) => allowed.has(widget.remote) && !(state.displayAs && widget.hiddenInDisplayAs));
  if (widgets.length === 0) return null;
  return (
    <Grid
      as="section"
      aria-label={t('home.widgets')}
      templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }}
      gap={{ base: '3', md: '6' }}
      mt={{ base: '3', md: '6' }}
    >
      {widgets.map((widget) => (
        <WidgetSlot key={`${widget.id}|${viewKey(state)}`} widget={widget} />
      ))}
    </Grid>
  );
}

/**
 * Whether the element given to the returned ref has come into the viewport yet (and stays so once it
 * has); without IntersectionObserver, at once. A callback ref, so that the element is watched
 * whenever it is drawn, however late.
 */
function useSeen(): [(element: Element | null) => (() => void) | undefined, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const watch = useCallback((element: Element | null) => {
    if (!element) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [watch, seen];
}

/**
 * A widget's cell. The widget is loaded when its cell comes into view: on a phone the last widgets
 * lie below the fold, and their remote's files, their data and their first render would otherwise
 * hold up the phone while the reader looks at the top of the page. The cell keeps the widget's
 * height meanwhile, so the page does not move when it comes.
 */
function WidgetSlot({ widget }: { widget: HomeWidget }) {
  const services = useShell();
  const props = useRemoteProps(widget.remote);
  const [watch, seen] = useSeen();
  if (!props) return null;
  if (!seen) return <div ref={watch} style={{ minHeight: WIDGET_MIN_HEIGHT_PX }} data-widget-slot={widget.id} />;
  return (
    <RemoteErrorBoundary>
      <RemoteArea
        name={widget.remote}
        widget={widget.id}
        props={props}
        loader={services.remoteLoader}
        events={releaseServices(services).clientEvents}
      />
    </RemoteErrorBoundary>
  );
}
