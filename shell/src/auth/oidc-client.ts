// Loaded on demand (a click on a connection, the return from the provider, or a signed-in page
// that keeps its tokens fresh), so that the sign-in page itself stays small.
import type { ApiClient, Provider } from '@hub/shared/api';
import { UserManager, WebStorageStateStore, type User as OidcUser } from 'oidc-client-ts';
import type { SessionStore } from '../session/session-store';
import { exchangeIdToken } from './token-exchange';

/** The identity-client defaults of docs/product.md §9. */
export function userManagerSettings(provider: Provider, origin: string) {
  const metadataSeed = {
    issuer: provider.iss,
    authorization_endpoint: provider.authorization_endpoint,
    token_endpoint: provider.token_endpoint,
    ...(provider.end_session_endpoint ? { end_session_endpoint: provider.end_session_endpoint } : {}),
  };
  return {
    authority: provider.iss,
    client_id: provider.client_id,
    redirect_uri: `${origin}/login`,
    post_logout_redirect_uri: `${origin}/login`,
    scope: 'openid email profile',
    response_type: 'code',
    metadataSeed,
    automaticSilentRenew: true,
    staleStateAgeInSeconds: 900,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    silentRequestTimeoutInSeconds: 10,
    checkSessionIntervalInSeconds: 2,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  };
}

let current: { providerName: string; manager: UserManager } | null = null;

/** One identity client per page and provider, shared by sign-in, the callback and renewals. */
function managerFor(provider: Provider): UserManager {
  if (current?.providerName !== provider.name) {
    current?.manager.stopSilentRenew();
    current = { providerName: provider.name, manager: new UserManager(userManagerSettings(provider, window.location.origin)) };
  }
  return current.manager;
}

export function startSignIn(provider: Provider): Promise<void> {
  return managerFor(provider).signinRedirect();
}

/** Completes the authorization-code flow on /login?code=…&state=…; null when no user came back. */
export async function finishSignIn(provider: Provider): Promise<OidcUser | null> {
  const user = await managerFor(provider).signinRedirectCallback();
  return user ?? null;
}

/**
 * Keeps the API tokens as fresh as the identity session: oidc-client-ts renews with the refresh
 * token before the access token expires, and each renewed id_token is exchanged again.
 */
export function keepTokensFresh(options: { provider: Provider; authApi: ApiClient; session: SessionStore }): () => void {
  const manager = managerFor(options.provider);
  const onRenewed = async (user: OidcUser) => {
    if (!user.id_token || !options.session.isAuthenticated()) return;
    try {
      options.session.setTokens(await exchangeIdToken(options.authApi, user.id_token, options.provider.name));
    } catch (error) {
      console.warn('Could not exchange the renewed identity token', error);
    }
  };
  const onRenewError = (error: Error) => console.warn('Silent renew of the identity session failed', error);
  manager.events.addUserLoaded(onRenewed);
  manager.events.addSilentRenewError(onRenewError);
  // getUser() arms the renew timer for a user restored from storage (after a reload).
  void manager.getUser();
  return () => {
    manager.events.removeUserLoaded(onRenewed);
    manager.events.removeSilentRenewError(onRenewError);
  };
}

/** Local sign-out: the identity session's tokens are forgotten and renewals stop. */
export async function forgetIdentity(): Promise<void> {
  if (current) {
    current.manager.stopSilentRenew();
    await current.manager.removeUser();
    current = null;
  }
}
