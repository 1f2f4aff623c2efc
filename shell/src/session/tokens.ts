import { STORAGE_KEYS } from '@hub/shared/api';

export interface ApiTokens {
  hub: string;
  files: string;
  /** The identity token they were exchanged from, handed to remotes for the reporting host. */
  identity?: string;
}

/** The `exp` claim of a JWT, in seconds, or null when the token is not a readable JWT. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** A token is usable while present and, when it says when it expires, not yet expired. */
export function isTokenUsable(token: string | null, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp === null || exp * 1000 > nowMs;
}

/**
 * The access tokens of the two backend APIs, one local-storage key each (docs/product.md §4), and the identity
 * token they came from.
 */
export function createTokenStore(storage: Storage = localStorage) {
  return {
    hub: () => storage.getItem(STORAGE_KEYS.hubToken),
    files: () => storage.getItem(STORAGE_KEYS.filesToken),
    /** The identity token while it is usable, else null. */
    identity: () => {
      const token = storage.getItem(STORAGE_KEYS.identityToken);
      return isTokenUsable(token) ? token : null;
    },
    set(tokens: ApiTokens) {
      storage.setItem(STORAGE_KEYS.hubToken, tokens.hub);
      storage.setItem(STORAGE_KEYS.filesToken, tokens.files);
      if (tokens.identity) storage.setItem(STORAGE_KEYS.identityToken, tokens.identity);
      else storage.removeItem(STORAGE_KEYS.identityToken);
    },
    clear() {
      storage.removeItem(STORAGE_KEYS.hubToken);
      storage.removeItem(STORAGE_KEYS.filesToken);
      storage.removeItem(STORAGE_KEYS.identityToken);
    },
  };
}
export type TokenStore = ReturnType<typeof createTokenStore>;
