import { consoleRoutes } from '../app-routes';
import { renderRoutes } from './render-routes';

/** Renders the groups console, the audit log and the people consoles at `path` as the remote does, against `apiBase`; the toasts land in `toasts`. */
export function renderGroups(path: string, apiBase: string, options: { rights?: string[]; language?: 'en' | 'fr' } = {}) {
  return renderRoutes(consoleRoutes(), path, apiBase, { ...options, rights: options.rights ?? ['administrator'] });
}
