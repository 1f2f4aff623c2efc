import type { Advice } from '@hub/shared/api';
import { useMemo } from 'react';

/** Pinned advices first; otherwise the server's order (newest first) is kept. */
export function sortPinnedFirst(advices: readonly Advice[]): Advice[] {
  return [...advices].sort((a, b) => Number(b.pinned) - Number(a.pinned));
}

export function useSortedAdvices(advices: readonly Advice[] | undefined): Advice[] {
  return useMemo(() => sortPinnedFirst(advices ?? []), [advices]);
}
