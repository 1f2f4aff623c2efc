import { useEffect, useState } from 'react';

/** docs/product.md §2/§9: the counter rises by 15 once per second and the frame shows once it exceeds 100. */
export const REVEAL_STEP = 15;
export const REVEAL_THRESHOLD = 100;

/**
 * Counts 0, 15, 30, … once per second until the count exceeds the threshold; starts again from 0
 * whenever `resetKey` (the dashboard) changes.
 */
export function useRevealCounter(resetKey: unknown): { count: number; revealed: boolean } {
  const [state, setState] = useState({ key: resetKey, count: 0 });
  // A new dashboard restarts the count in the same render, so the old frame never shows for it.
  const count = Object.is(state.key, resetKey) ? state.count : 0;
  if (!Object.is(state.key, resetKey)) setState({ key: resetKey, count: 0 });
  const revealed = count > REVEAL_THRESHOLD;

  useEffect(() => {
    if (revealed) return undefined;
    const timer = setInterval(() => {
      setState((previous) => (Object.is(previous.key, resetKey) ? { key: resetKey, count: previous.count + REVEAL_STEP } : previous));
    }, 1000);
    return () => clearInterval(timer);
  }, [resetKey, revealed]);

  return { count, revealed };
}
