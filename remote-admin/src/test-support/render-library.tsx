import { consoleRoutes } from '../app-routes';
import { renderRoutes } from './render-routes';

/** Renders the library consoles at `path` as the remote does, against `apiBase`; the toasts land in `toasts`. */
export function renderLibrary(path: string, apiBase: string, options: { rights?: string[]; language?: 'en' | 'fr' } = {}) {
  return renderRoutes(consoleRoutes(), path, apiBase, { ...options, rights: options.rights ?? ['contributor'] });
}
