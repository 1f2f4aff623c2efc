import { groupsRoutes } from '../groups-routes';
import { peopleRoutes } from '../people-routes';
import { renderRoutes } from './render-routes';

/** Renders the groups console, the audit log and the people consoles at `path` as the remote does, against `apiBase`; the toasts land in `toasts`. */
export function renderGroups(path: string, apiBase: string, options: { rights?: string[]; language?: 'en' | 'fr' } = {}) {
  return renderRoutes(
    <>
      {groupsRoutes()}
      {peopleRoutes()}
    </>,
    path,
    apiBase,
    { ...options, rights: options.rights ?? ['administrator'] },
  );
}
