import { ApiError, AUTH_MESSAGES, type ApiClient, type User } from '@hub/shared/api';
import type { SessionStore } from '../session/session-store';
import { exchangeIdToken } from './token-exchange';

/** The two sign-in failures of docs/product.md §5 that come from the identity client's answer. */
export const OIDC_ERRORS = {
  noUser: 'No user found in Oidc.',
  noIdToken: 'no id_token in oidcUser',
} as const;

export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInError';
  }
}

/** What the identity client gives back after the provider's redirect (a subset of oidc-client-ts's User). */
export interface OidcSignIn {
  id_token?: string;
}

/**
 * The end of sign-in, after the provider's redirect: check the identity client's answer, get the
 * API tokens, keep them, load the user. Throws on any failure; the caller shows the toast.
 */
export async function completeSignIn(options: {
  oidcUser: OidcSignIn | null | undefined;
  provider: string;
  authApi: ApiClient;
  api: ApiClient;
  session: SessionStore;
}): Promise<User> {
  const { oidcUser, provider, authApi, api, session } = options;
  if (!oidcUser) throw new SignInError(OIDC_ERRORS.noUser);
  if (!oidcUser.id_token) throw new SignInError(OIDC_ERRORS.noIdToken);
  session.setTokens(await exchangeIdToken(authApi, oidcUser.id_token, provider));
  const user = await api.get<User>('/auth/user', undefined, { silent: true });
  session.setUser(user);
  return user;
}

/** The toast for a failed sign-in: the server's own words for a profile without email, else the catalogue's. */
export function signInFailureMessage(error: unknown, loginFailed: string): string {
  if (error instanceof ApiError && error.message === AUTH_MESSAGES.noEmail) return error.message;
  return loginFailed;
}
