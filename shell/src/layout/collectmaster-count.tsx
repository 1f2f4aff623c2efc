import { fileExchangePaths, isContributor, type FileExchangeCounters } from '@hub/shared/api';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useSessionState, useShell } from '../shell-context';

const CollectmasterCountContext = createContext(0);

/** Files uploaded and waiting for review, for the Collectmaster entry of the navigation (0 when none or not staff). */
export function useFilesToReview(): number {
  return useContext(CollectmasterCountContext);
}

/**
 * Holds the publisher's staff's count of files waiting for review (GET /api/v2/counters with the
 * files-API token), then keeps it current from Collectmaster's `counters` live event, without a
 * reload. Customers and display-as get nothing asked and 0. One stream for every navigation.
 */
export function CollectmasterCountProvider({ children }: { children: ReactNode }) {
  const { apis } = useShell();
  const { user, displayAs } = useSessionState();
  const staff = user !== null && displayAs === null && isContributor(user.rights);
  const userId = user?.id ?? null;
  const [count, setCount] = useState(0);

  useEffect(() => {
    setCount(0);
    if (!staff) return undefined;
    let stopped = false;
    let stop: (() => void) | null = null;
    const onCount = (uploaded: number) => {
      if (!stopped) setCount(uploaded);
    };
    apis.filesApi
      .get<FileExchangeCounters>(fileExchangePaths.counters(), undefined, { silent: true })
      .then(({ uploaded }) => onCount(uploaded))
      .catch(() => undefined);
    // The stream's code is loaded only for staff, off /home's entry.
    void import(/* webpackChunkName: "collectmaster-count" */ './collectmaster-stream').then(({ followFilesToReview }) => {
      if (!stopped && userId !== null) stop = followFilesToReview(apis.filesApi, userId, onCount);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [apis.filesApi, staff, userId]);

  return <CollectmasterCountContext.Provider value={staff ? count : 0}>{children}</CollectmasterCountContext.Provider>;
}
