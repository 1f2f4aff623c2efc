import { mountStandalone } from '@hub/shared/remote';
import { AppRoutes } from './app-routes';

// Development only: the remote alone on its dev server (`pnpm --filter @hub/remote-contact dev`).
void mountStandalone({ name: 'contact', namespace: 'contact', App: AppRoutes, element: document.getElementById('root')! });
