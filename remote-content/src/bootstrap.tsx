import { mountStandalone } from '@hub/shared/remote';
import { AppRoutes } from './app-routes';

// Development only: the remote alone on its dev server (`pnpm --filter @hub/remote-content dev`).
void mountStandalone({ name: 'content', namespace: 'content', App: AppRoutes, element: document.getElementById('root')! });
