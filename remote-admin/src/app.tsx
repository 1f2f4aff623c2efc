import { createRemoteLifecycles } from '@hub/shared/remote';
import { AppRoutes } from './app-routes';

/** Exposed as `admin/app`: the lifecycles the shell mounts this area with. */
export default createRemoteLifecycles({ namespace: 'admin', App: AppRoutes });
