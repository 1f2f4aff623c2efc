import type { Notification } from '@hub/shared/remote';
import { makeRemoteProps, makeUser, RemoteRoot } from '@hub/shared/remote';
import { render } from '@testing-library/react';
import { Routes } from 'react-router-dom';
import { libraryRoutes } from '../library-routes';

/** Renders the library consoles at `path` as the remote does, against `apiBase`; the toasts land in `toasts`. */
export function renderLibrary(path: string, apiBase: string, options: { rights?: string[]; language?: 'en' | 'fr' } = {}) {
  window.history.pushState(null, '', path);
  const toasts: Notification[] = [];
  const user = makeUser({ rights: options.rights ?? ['contributor'] });
  const props = makeRemoteProps('admin', {
    apiBase,
    language: options.language ?? 'en',
    notify: (notification) => toasts.push(notification),
    session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
  });
  const view = render(
    <RemoteRoot props={props} namespace="admin">
      <Routes>{libraryRoutes()}</Routes>
    </RemoteRoot>,
  );
  return { ...view, toasts };
}
