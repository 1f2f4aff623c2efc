import type { Notification } from '@hub/shared/remote';
import { makeRemoteProps, makeUser, RemoteRoot } from '@hub/shared/remote';
import { render } from '@testing-library/react';
import { Routes } from 'react-router-dom';
import { groupsRoutes } from '../groups-routes';
import { peopleRoutes } from '../people-routes';

/** Renders the groups console, the audit log and the people consoles at `path` as the remote does, against `apiBase`; the toasts land in `toasts`. */
export function renderGroups(path: string, apiBase: string, options: { rights?: string[]; language?: 'en' | 'fr' } = {}) {
  window.history.pushState(null, '', path);
  const toasts: Notification[] = [];
  const user = makeUser({ rights: options.rights ?? ['administrator'] });
  const props = makeRemoteProps('admin', {
    apiBase,
    language: options.language ?? 'en',
    notify: (notification) => toasts.push(notification),
    session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
  });
  const view = render(
    <RemoteRoot props={props} namespace="admin">
      <Routes>
        {groupsRoutes()}
        {peopleRoutes()}
      </Routes>
    </RemoteRoot>,
  );
  return { ...view, toasts };
}
