import type { ApiClient, LoginResponse } from '@hub/shared/api';
import type { ApiTokens } from '../session/tokens';

/** Exchanges the identity token for one access token per backend API (docs/product.md §4, §7). */
export async function exchangeIdToken(authApi: ApiClient, idToken: string, provider: string): Promise<ApiTokens> {
  const [hub, files] = await Promise.all([
    authApi.post<LoginResponse>('/auth/login', { token: idToken, provider }, { silent: true }),
    authApi.post<LoginResponse>('/v2/auth/login', { token: idToken }, { silent: true }),
  ]);
  return { hub: hub.access_token, files: files.access_token, identity: idToken };
}
