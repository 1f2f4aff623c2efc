import { mountStandalone } from '@hub/shared/remote';
import { AppRoutes } from './app-routes';

// Development only: the remote alone on its dev server (`pnpm --filter @hub/remote-dashboards dev`).
void mountStandalone({ name: 'dashboards', namespace: 'dashboards', App: AppRoutes, element: document.getElementById('root')! });
