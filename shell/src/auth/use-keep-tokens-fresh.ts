import { STORAGE_KEYS, type Provider } from '@hub/shared/api';
import { useEffect } from 'react';
import { useShell } from '../shell-context';

/** While signed in, the identity client renews itself and each new id_token is exchanged again. */
export function useKeepTokensFresh(): void {
  const { apis, session } = useShell();
  useEffect(() => {
    const name = localStorage.getItem(STORAGE_KEYS.providerName);
    if (!name) return;
    let stop: (() => void) | undefined;
    let left = false;
    Promise.all([
      apis.authApi.get<Provider>(`/auth/provider/${encodeURIComponent(name)}`, undefined, { silent: true }),
      import(/* webpackChunkName: "oidc" */ './oidc-client'),
    ])
      .then(([provider, oidc]) => {
        if (!left) stop = oidc.keepTokensFresh({ provider, authApi: apis.authApi, session });
      })
      .catch((error: unknown) => console.warn('Token renewal is not set up', error));
    return () => {
      left = true;
      stop?.();
    };
  }, [apis, session]);
}
