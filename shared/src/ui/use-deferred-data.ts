import { useDeferredValue } from 'react';

/**
 * A data hook's answer (SWR's, say), its data handed on in a render React may interrupt.
 *
 * SWR delivers through `useSyncExternalStore`, whose updates React renders at once and whole: when
 * a list's data came, building every row's elements and styles was one long task on Lighthouse's
 * phone, during which a tap waited. Through `useDeferredValue` the data's arrival is
 * first rendered with the data as it was (the loading state, cheap), then again with the new data
 * as a transition, which React renders in slices of a few milliseconds, yielding to the browser in
 * between; only putting the result on the page remains one piece
 * (docs/journal/2026-11-28-lists-in-slices.md).
 *
 * Until the new data is rendered, `data` is the previous one and `isLoading` stays true if there was
 * none. The other fields are the hook's own, read through, so SWR still re-renders only for the
 * fields the component reads.
 */
export function useDeferredData<R extends { data?: unknown; isLoading: boolean }>(result: R): R {
  const data = useDeferredValue(result.data);
  if (data === result.data) return result;
  return new Proxy(result, {
    get(target, key, receiver) {
      if (key === 'data') return data;
      if (key === 'isLoading') return target.isLoading || data === undefined;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
