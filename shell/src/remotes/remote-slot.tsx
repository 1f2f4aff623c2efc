import type { RemoteName } from '@hub/shared/api';
import { RemoteErrorBoundary } from '@hub/shared/remote';
import { viewKey } from '../session/session-store';
import { useSessionState, useShell } from '../shell-context';
import { RemoteArea } from './remote-area';
import { releaseServices } from './release-services';
import { useRemoteProps } from './use-remote-props';

/** A remote's area in the layout, behind a React error boundary of its own. */
export function RemoteSlot({ name }: { name: RemoteName }) {
  const services = useShell();
  const props = useRemoteProps(name);
  const key = viewKey(useSessionState());
  if (!props) return null;
  return (
    // Keyed by remote: leaving /admin for /advices starts a fresh area, while /advices and
    // /news-items (both content) keep the mounted remote and only move its router. Keyed by the
    // view too: display-as and the entity choice mount the remote afresh, with nothing stale.
    <RemoteErrorBoundary key={`${name}|${key}`}>
      <RemoteArea name={name} props={props} loader={services.remoteLoader} events={releaseServices(services).clientEvents} />
    </RemoteErrorBoundary>
  );
}
