import { hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';

/**
 * The publisher's staff (contributor or more) are offered the writes: create, rename, delete, set a
 * file's state. The server decides on which entities they may (docs/architecture.md: the server decides rights).
 */
export function useIsStaff(): boolean {
  const { session } = useRemoteProps();
  return hasRole(session.displayedUser.rights, 'contributor');
}
