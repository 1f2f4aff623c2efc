import { mountStandalone } from '@hub/shared/remote';
import { AppRoutes } from './app-routes';

// Development only: the remote alone on its dev server (`pnpm --filter @hub/remote-admin dev`).
void mountStandalone({ name: 'admin', namespace: 'admin', App: AppRoutes, element: document.getElementById('root')! });
