import type { HubSession, Notification } from '@hub/shared/remote';
import { makeRemoteProps, makeUser, RemoteRoot } from '@hub/shared/remote';
import { render } from '@testing-library/react';
import { Routes } from 'react-router-dom';
import { helpdeskRoutes } from '../helpdesk-routes';
import { peopleRoutes } from '../people-routes';

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
  window.history.pushState(null, '', path);
  const toasts: Notification[] = [];
  const user = makeUser({ rights: options.rights ?? ['administrator'], entity: options.entity ? { ...options.entity, logo: null } : null });
  const session: HubSession = { user, displayedUser: user, displayAs: null, selectedEntityId: options.selectedEntityId ?? null };
  const props = makeRemoteProps('admin', {
    apiBase,
    language: options.language ?? 'en',
    notify: (notification) => toasts.push(notification),
    session,
  });
  const view = render(
    <RemoteRoot props={props} namespace="admin">
      <Routes>
        {peopleRoutes()}
        {helpdeskRoutes()}
      </Routes>
    </RemoteRoot>,
  );
  return { ...view, toasts };
}
