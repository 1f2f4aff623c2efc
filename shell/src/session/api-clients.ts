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
  /** The hub API as the signed-in person, never in another's name: loads their own profile. */
  ownApi: ApiClient;
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

/** The context headers of docs/product.md §6 and §7, read from the session on every call. */
export function contextHeaders(session: SessionStore): Record<string, string | undefined> {
  const { displayedUser, selectedEntityId, displayAs } = session.getState();
  const sendsEntity = displayedUser !== null && isContributor(displayedUser.rights) && selectedEntityId !== null;
  return {
    [HEADERS.entityId]: sendsEntity ? String(selectedEntityId) : undefined,
    [HEADERS.displayAsUserId]: displayAs ? String(displayAs.userId) : undefined,
  };
}

/** The content lists that take `includes_unpublished` (docs/product.md §7). */
const UNPUBLISHED_LISTS = ['/api/advices', '/api/dashboards', '/api/news-items', '/api/search'];

/**
 * In the unpublished-content mode of display-as, the content lists are asked for unpublished items
 * too (docs/product.md §7: `includes_unpublished=true`), whichever remote asks: the shell adds the query.
 */
export function withUnpublished(session: SessionStore, base: typeof fetch): typeof fetch {
  return (input, init) => {
    const displayAs = session.getState().displayAs;
    if (!displayAs?.includesUnpublished || (init?.method ?? 'GET') !== 'GET' || typeof input !== 'string') return base(input, init);
    const url = new URL(input, 'http://relative.invalid');
    if (!UNPUBLISHED_LISTS.some((list) => url.pathname.endsWith(list))) return base(input, init);
    url.searchParams.set('includes_unpublished', 'true');
    const relative = url.origin === 'http://relative.invalid';
    return base(relative ? `${url.pathname}${url.search}` : url.toString(), init);
  };
}

/** The API clients the shell uses and hands to every remote. */
export function createShellApis(options: ShellApisOptions): ShellApis {
  const { session, navigate, notify, origin = '' } = options;
  const baseFetch = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args));
  const fetch = withUnpublished(session, baseFetch);
  const currentPath = options.currentPath ?? (() => window.location.pathname);
  const onUnauthorized = (error: { status: number; message: string }) => {
    session.clear(`the server refused the token (${error.status} ${error.message})`);
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
  const ownApi = createApiClient({
    baseUrl: `${origin}/api`,
    getToken: session.tokens.hub,
    getHeaders: () => ({ ...getHeaders(), [HEADERS.displayAsUserId]: undefined }),
    onUnauthorized,
    fetch: baseFetch,
  });
  return { api, adminApi, filesApi, authApi, ownApi };
}
