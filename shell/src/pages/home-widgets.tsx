import { Box, Grid } from '@chakra-ui/react';
import { remotesAllowed } from '@hub/shared/api';
import { HOME_WIDGETS, RemoteErrorBoundary, WIDGET_MIN_HEIGHT_PX, type HomeWidget } from '@hub/shared/remote';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteArea } from '../remotes/remote-area';
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
 * Whether the element has come into the viewport yet (and stays so once it has). Without
 * IntersectionObserver, at once.
 */
function useSeen<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

/**
 * A widget's cell. The widget is loaded when its cell comes into view: on a phone the last widgets
 * lie below the fold, and their remote's files, their data and their first render would otherwise
 * hold up the phone while the reader looks at the top of the page. The cell keeps the widget's
 * height meanwhile, so the page does not move when it comes.
 */
function WidgetSlot({ widget }: { widget: HomeWidget }) {
  const { remoteLoader } = useShell();
  const props = useRemoteProps(widget.remote);
  const [cell, seen] = useSeen<HTMLDivElement>();
  if (!props) return null;
  if (!seen) return <Box ref={cell} minH={`${WIDGET_MIN_HEIGHT_PX}px`} data-widget-slot={widget.id} />;
  return (
    <RemoteErrorBoundary>
      <RemoteArea name={widget.remote} widget={widget.id} props={props} loader={remoteLoader} />
    </RemoteErrorBoundary>
  );
}
