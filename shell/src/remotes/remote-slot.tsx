import type { RemoteName } from '@hub/shared/api';
import { RemoteErrorBoundary } from '@hub/shared/remote';
import { useShell } from '../shell-context';
import { RemoteArea } from './remote-area';
import { useRemoteProps } from './use-remote-props';

/** A remote's area in the layout, behind a React error boundary of its own. */
export function RemoteSlot({ name }: { name: RemoteName }) {
  const { remoteLoader } = useShell();
  const props = useRemoteProps(name);
  if (!props) return null;
  return (
    <RemoteErrorBoundary>
      <RemoteArea name={name} props={props} loader={remoteLoader} />
    </RemoteErrorBoundary>
  );
}
