import type { RemoteProps } from '@hub/shared/remote';
import { peopleRoutes } from '../people-routes';
import { renderRoutes } from './render-routes';

/** Renders the people consoles at `path` as the remote does, against `apiBase`; the toasts land in `toasts`. */
export function renderPeople(
  path: string,
  apiBase: string,
  options: { rights?: string[]; language?: 'en' | 'fr'; startDisplayAs?: RemoteProps['startDisplayAs'] } = {},
) {
  return renderRoutes(peopleRoutes(), path, apiBase, { ...options, rights: options.rights ?? ['administrator'] });
}
