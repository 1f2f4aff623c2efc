import { createRemoteLifecycles } from '@hub/shared/remote';
import { AppRoutes } from './app-routes';

/** Exposed as `contact/app`: the lifecycles the shell mounts this area with. */
export default createRemoteLifecycles({ namespace: 'contact', App: AppRoutes });
