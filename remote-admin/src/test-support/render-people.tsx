import type { RemoteProps } from '@hub/shared/remote';
import { consoleRoutes } from '../app-routes';
import { renderRoutes } from './render-routes';

/** Renders the people consoles at `path` as the remote does, against `apiBase`; the toasts land in `toasts`. */
export function renderPeople(
  path: string,
  apiBase: string,
  options: { rights?: string[]; language?: 'en' | 'fr'; startDisplayAs?: RemoteProps['startDisplayAs'] } = {},
) {
  return renderRoutes(consoleRoutes(), path, apiBase, { ...options, rights: options.rights ?? ['administrator'] });
}
