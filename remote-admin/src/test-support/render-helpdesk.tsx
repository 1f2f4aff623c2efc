import { consoleRoutes } from '../app-routes';
import { renderRoutes } from './render-routes';

/**
 * Renders the helpdesk console and the people routes (the entity admin area's users among them) at
 * `path` as the remote does, against `apiBase`, for a user with `rights` in `entity`; the toasts land in `toasts`.
 */
export function renderHelpdesk(
  path: string,
  apiBase: string,
  options: {
    rights?: string[];
    language?: 'en' | 'fr';
    entity?: { id: number; name: string } | null;
    selectedEntityId?: number | null;
  } = {},
) {
  return renderRoutes(consoleRoutes(), path, apiBase, { ...options, rights: options.rights ?? ['administrator'] });
}
