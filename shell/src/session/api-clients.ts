import { createApiClient, HEADERS, isContributor, statusToast, type ApiClient } from '@hub/shared/api';
import type { Notify } from '@hub/shared/remote';
import { isUnder, paths } from '../paths';
import type { SessionStore } from './session-store';

export interface ShellApis {
  /** The hub API (/api): bearer token, X-Entity-ID, Display-As-User-Id, 401 handling, toasts. */
  api: ApiClient;
  /** The admin API (/api/admin): the same plus Main-Admin-Page. */
  adminApi: ApiClient;
  /** The file-exchange API (/api/v2) with its own token. */
  filesApi: ApiClient;
  /** Public calls of the sign-in page (providers, token exchange): no token, no toast, no redirect. */
  authApi: ApiClient;
}

export interface ShellApisOptions {
  session: SessionStore;
  /** Where the shell's router goes; a 401 sends the user to /login. */
  navigate: (to: string) => void;
  notify: Notify;
  /** The current path, for Main-Admin-Page. */
  currentPath?: () => string;
  /** The origin of the APIs: '' (same origin) in the browser, a local server in tests. */
  origin?: string;
  fetch?: typeof fetch;
}

/** The context headers of SPEC §6 and §7, read from the session on every call. */
export function contextHeaders(session: SessionStore): Record<string, string | undefined> {
  const { displayedUser, selectedEntityId, displayAs } = session.getState();
  const sendsEntity = displayedUser !== null && isContributor(displayedUser.rights) && selectedEntityId !== null;
  return {
    [HEADERS.entityId]: sendsEntity ? String(selectedEntityId) : undefined,
    [HEADERS.displayAsUserId]: displayAs ? String(displayAs.userId) : undefined,
  };
}

/** The API clients the shell uses and hands to every remote. */
export function createShellApis(options: ShellApisOptions): ShellApis {
  const { session, navigate, notify, origin = '', fetch } = options;
  const currentPath = options.currentPath ?? (() => window.location.pathname);
  const onUnauthorized = () => {
    session.clear();
    navigate(paths.login);
  };
  const onError = (error: { status: number }) => notify({ kind: 'error', message: statusToast(error.status) });
  const getHeaders = () => contextHeaders(session);

  const api = createApiClient({ baseUrl: `${origin}/api`, getToken: session.tokens.hub, getHeaders, onUnauthorized, onError, fetch });
  const adminApi = api.withBase(`${origin}/api/admin`, () => ({
    [HEADERS.mainAdminPage]: String(isUnder(currentPath(), paths.admin)),
  }));
  const filesApi = createApiClient({
    baseUrl: `${origin}/api/v2`,
    getToken: session.tokens.files,
    getHeaders,
    onUnauthorized,
    onError,
    fetch,
  });
  const authApi = createApiClient({ baseUrl: `${origin}/api`, getToken: () => null, fetch });
  return { api, adminApi, filesApi, authApi };
}
