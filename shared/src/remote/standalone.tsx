import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { STORAGE_KEYS } from '../api/headers';
import { createApiClient } from '../api/http-client';
import type { RemoteName } from '../api/remote-access';
import type { User } from '../api/users';
import { catalogues } from '../i18n/catalogue-store';
import type { Namespace } from '../i18n/resources';
import type { RemoteProps } from './contract';
import { installHistoryBridge } from './history-bridge';
import { prepareRemoteSystem, RemoteRoot, remoteNamespaces } from './remote-root';

export interface StandaloneOptions {
  name: RemoteName;
  namespace: Namespace;
  App: ComponentType;
  element: HTMLElement;
}

/**
 * Runs a remote alone on its dev server (`pnpm --filter <remote> dev`), which proxies /api to the
 * portal's server. It signs in with an access token copied from the portal (local storage key
 * `hub.token.api`), pasted once here: the remote's own origin cannot read the portal's storage.
 */
export async function mountStandalone({ name, namespace, App, element }: StandaloneOptions): Promise<void> {
  installHistoryBridge();
  const root = createRoot(element);
  const url = new URL(window.location.href);
  const pasted = url.searchParams.get('token');
  if (pasted) {
    localStorage.setItem(STORAGE_KEYS.hubToken, pasted);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url);
  }
  const getToken = () => localStorage.getItem(STORAGE_KEYS.hubToken);
  const signOut = () => {
    localStorage.removeItem(STORAGE_KEYS.hubToken);
    window.location.reload();
  };
  const api = createApiClient({ baseUrl: '/api', getToken, onUnauthorized: signOut });
  let user: User | null = null;
  if (getToken()) user = await api.get<User>('/auth/user').catch(() => null);
  if (!user) {
    root.render(
      <form method="get" style={{ fontFamily: 'sans-serif', maxWidth: 520, margin: '4rem auto' }}>
        <h1>{name}: development mode</h1>
        <p>
          Sign in to the portal at http://localhost:8080, copy the value of <code>{STORAGE_KEYS.hubToken}</code> from its local storage, and
          paste it here.
        </p>
        <label>
          Access token <input name="token" required style={{ width: '100%' }} />
        </label>
        <button type="submit">Open</button>
      </form>,
    );
    return;
  }
  let props: RemoteProps = {
    name,
    basePath: '/',
    session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
    api,
    adminApi: api.withBase('/api/admin', () => ({ 'Main-Admin-Page': 'true' })),
    filesApi: createApiClient({ baseUrl: '/api/v2', getToken: () => localStorage.getItem(STORAGE_KEYS.filesToken) }),
    notify: ({ kind, message }) => console.info(`[${kind}] ${message}`),
    language: 'en',
    preferences: { theme: 'light', colorScheme: 'light', skin: 'default', contentWidth: 'boxed', isAppRTL: false },
    navigate: (to, options) => window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to),
    // Standalone pages keep the entity choice in the page only (a reload starts without one).
    selectEntity: (selectedEntityId) => {
      props = { ...props, session: { ...props.session, selectedEntityId } };
      render();
    },
    refreshSession: async () => undefined,
    // Standalone pages sign in with a pasted access token: no identity token, dashboards embed as they are.
    identityToken: () => null,
  };
  await Promise.all([catalogues.load(props.language, remoteNamespaces(namespace)), prepareRemoteSystem(true, undefined)]);
  const render = () =>
    root.render(
      <RemoteRoot props={props} namespace={namespace} standalone>
        <App />
      </RemoteRoot>,
    );
  render();
}
