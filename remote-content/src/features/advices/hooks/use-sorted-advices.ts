import type { Advice } from '@hub/shared/api';
import { useMemo } from 'react';
import { awaitsAcknowledgement } from '../../../lib/format-day';

/**
 * The must-reads the reader has not acknowledged first, then pinned advices; otherwise the
 * server's order (the same, then newest first) is kept.
 */
export function sortPinnedFirst(advices: readonly Advice[]): Advice[] {
  return [...advices].sort(
    (a, b) => Number(awaitsAcknowledgement(b)) - Number(awaitsAcknowledgement(a)) || Number(b.pinned) - Number(a.pinned),
  );
}

export function useSortedAdvices(advices: readonly Advice[] | undefined): Advice[] {
  return useMemo(() => sortPinnedFirst(advices ?? []), [advices]);
}
