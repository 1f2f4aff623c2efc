import type { Notification, RemoteProps } from '@hub/shared/remote';
import { makeRemoteProps, makeUser, RemoteRoot } from '@hub/shared/remote';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Routes } from 'react-router-dom';

export interface RenderRoutesOptions {
  rights?: string[];
  language?: 'en' | 'fr';
  /** The user's own entity (none by default). */
  entity?: { id: number; name: string } | null;
  selectedEntityId?: number | null;
  startDisplayAs?: RemoteProps['startDisplayAs'];
}

/** Renders the remote's `routes` at `path` as the remote does, against `apiBase`, for a user with `rights`; the toasts land in `toasts`. */
export function renderRoutes(routes: ReactNode, path: string, apiBase: string, options: RenderRoutesOptions & { rights: string[] }) {
  window.history.pushState(null, '', path);
  const toasts: Notification[] = [];
  const user = makeUser({ rights: options.rights, entity: options.entity ? { ...options.entity, logo: null } : null });
  const props = makeRemoteProps('admin', {
    apiBase,
    language: options.language ?? 'en',
    notify: (notification) => toasts.push(notification),
    session: { user, displayedUser: user, displayAs: null, selectedEntityId: options.selectedEntityId ?? null },
    ...(options.startDisplayAs ? { startDisplayAs: options.startDisplayAs } : {}),
  });
  const view = render(
    <RemoteRoot props={props} namespace="admin">
      <Routes>{routes}</Routes>
    </RemoteRoot>,
  );
  return { ...view, toasts };
}
