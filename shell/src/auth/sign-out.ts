import { STORAGE_KEYS, type ApiClient, type Provider } from '@hub/shared/api';
import type { SessionStore } from '../session/session-store';

/** Set before a local sign-out, so the sign-in page shows the goodbye toast once there. */
export const SIGNED_OUT_FLAG = 'hub.signed-out';
/** The `state` the provider hands back on /login after ending its session (RP-initiated logout). */
export const SIGNED_OUT_STATE = 'signed-out';

/** The id_token oidc-client-ts keeps for the signed-in user, if any (its keys start with 'oidc.user:'). */
function storedIdToken(storage: Storage): string | null {
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith('oidc.user:')) continue;
    try {
      const token = (JSON.parse(storage.getItem(key) ?? '{}') as { id_token?: string }).id_token;
      if (token) return token;
    } catch {
      // a damaged entry: nothing to hint with
    }
  }
  return null;
}

/** The provider's end-session address, coming back to /login with our state (OpenID RP-Initiated Logout 1.0). */
export function endSessionUrl(provider: Provider, idToken: string, origin: string): string | null {
  if (!provider.end_session_endpoint) return null;
  const url = new URL(provider.end_session_endpoint);
  url.searchParams.set('id_token_hint', idToken);
  url.searchParams.set('client_id', provider.client_id);
  url.searchParams.set('post_logout_redirect_uri', `${origin}/login`);
  url.searchParams.set('state', SIGNED_OUT_STATE);
  return url.toString();
}

export interface SignOutDeps {
  session: SessionStore;
  /** The unauthenticated client of the hub API, to read the provider's description. */
  authApi: ApiClient;
  storage?: Storage;
  flags?: Storage;
  origin?: string;
  /** Leaves the page for the provider (window.location.assign). */
  leave?: (url: string) => void;
}

/**
 * Sign-out (docs/product.md §4): the server ends the person's sessions (POST /api/auth/logout), then the
 * tokens, the selected entity, the provider name and the identity
 * client's stored user are forgotten. When the provider offers an end-session endpoint, its
 * session is ended too — otherwise the next person at this computer would be signed in again
 * without a password — and it sends the browser back to /login?state=signed-out, where the toast
 * shows. Without one (or when the provider cannot be asked), the sign-out is local and the guard
 * takes the page to /login.
 */
export async function signOut(deps: SignOutDeps): Promise<void> {
  const storage = deps.storage ?? localStorage;
  const flags = deps.flags ?? sessionStorage;
  const origin = deps.origin ?? window.location.origin;
  const providerName = storage.getItem(STORAGE_KEYS.providerName);
  const idToken = storedIdToken(storage);
  let leaveTo: string | null = null;
  if (providerName && idToken) {
    try {
      const provider = await deps.authApi.get<Provider>(`/auth/provider/${encodeURIComponent(providerName)}`, undefined, { silent: true });
      leaveTo = endSessionUrl(provider, idToken, origin);
    } catch {
      leaveTo = null; // the provider cannot be described: sign out locally
    }
  }
  // The server first: every access token of this person (both APIs) is refused from now on, so a
  // token copied before sign-out is worth nothing. A failure (offline, already expired) must not
  // keep anyone signed in here.
  const hubToken = storage.getItem(STORAGE_KEYS.hubToken);
  if (hubToken) {
    try {
      await deps.authApi.post('/auth/logout', undefined, { headers: { Authorization: `Bearer ${hubToken}` }, silent: true });
    } catch {
      // signed out locally all the same
    }
  }
  if (!leaveTo) flags.setItem(SIGNED_OUT_FLAG, '1');
  const identityKeys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith('oidc.')) identityKeys.push(key);
  }
  for (const key of identityKeys) storage.removeItem(key);
  if (leaveTo) (deps.leave ?? ((url: string) => window.location.assign(url)))(leaveTo);
  deps.session.signOut();
  // Stops the renew timer when the identity client is loaded (it always is on a signed-in page).
  import('./oidc-client').then((oidc) => oidc.forgetIdentity()).catch(() => undefined);
}

/** True once after a sign-out: the local flag is consumed, or the provider came back with our state. */
export function takeSignedOutFlag(search: string = window.location.search, flags: Storage = sessionStorage): boolean {
  const local = flags.getItem(SIGNED_OUT_FLAG) !== null;
  flags.removeItem(SIGNED_OUT_FLAG);
  return local || new URLSearchParams(search).get('state') === SIGNED_OUT_STATE;
}
