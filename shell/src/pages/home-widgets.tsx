import { Grid } from '@chakra-ui/react';
import { remotesAllowed } from '@hub/shared/api';
import { HOME_WIDGETS, RemoteErrorBoundary, type HomeWidget } from '@hub/shared/remote';
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

function WidgetSlot({ widget }: { widget: HomeWidget }) {
  const { remoteLoader } = useShell();
  const props = useRemoteProps(widget.remote);
  if (!props) return null;
  return (
    <RemoteErrorBoundary>
      <RemoteArea name={widget.remote} widget={widget.id} props={props} loader={remoteLoader} />
    </RemoteErrorBoundary>
  );
}
