import { STORAGE_KEYS, type Provider } from '@hub/shared/api';
import { useEffect } from 'react';
import { useShell } from '../shell-context';

/** The identity client is loaded this long before its access token expires (it renews 60 s before). */
const LOAD_LEAD_SECONDS = 120;

/**
 * When the stored identity session needs renewing, in ms from now (0: already due), or null when
 * there is none. Read without the identity client: it keeps the user under `oidc.user:<authority>:<client>`.
 */
export function renewalDueInMs(storage: Storage, nowMs: number = Date.now()): number | null {
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith('oidc.user:')) continue;
    try {
      const expiresAt = (JSON.parse(storage.getItem(key) ?? 'null') as { expires_at?: unknown } | null)?.expires_at;
      if (typeof expiresAt === 'number') return Math.max(0, (expiresAt - LOAD_LEAD_SECONDS) * 1000 - nowMs);
    } catch {
      // Not ours to judge: the identity client will.
    }
  }
  return null;
}

/**
 * While signed in, the identity client renews its session with the refresh token and each new
 * id_token is exchanged again for API tokens. The client (17 kB gzip) is only needed for that, so
 * it loads shortly before the renewal is due rather than with every signed-in page.
 */
export function useKeepTokensFresh(): void {
  const { apis, session } = useShell();
  useEffect(() => {
    const name = localStorage.getItem(STORAGE_KEYS.providerName);
    const due = renewalDueInMs(localStorage);
    if (!name || due === null) return;
    let stop: (() => void) | undefined;
    let left = false;
    const timer = setTimeout(() => {
      Promise.all([
        apis.authApi.get<Provider>(`/auth/provider/${encodeURIComponent(name)}`, undefined, { silent: true }),
        import(/* webpackChunkName: "oidc" */ './oidc-client'),
      ])
        .then(([provider, oidc]) => {
          if (!left) stop = oidc.keepTokensFresh({ provider, authApi: apis.authApi, session });
        })
        .catch((error: unknown) => console.warn('Token renewal is not set up', error));
    }, due);
    return () => {
      left = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [apis, session]);
}
