import { mountStandalone } from '@hub/shared/remote';
import { AppRoutes } from './app-routes';

// Development only: the remote alone on its dev server (`pnpm --filter @hub/remote-collectmaster dev`).
void mountStandalone({ name: 'collectmaster', namespace: 'collectmaster', App: AppRoutes, element: document.getElementById('root')! });
