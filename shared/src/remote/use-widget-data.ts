import { startTransition, useEffect, useRef, useState } from 'react';

export type WidgetData<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * Loads a widget's data once per `key` (what the data depends on: the displayed user, the
 * unpublished mode): plain state rather than SWR, so that /home carries as little as it can. The
 * answer is kept with its key, so a new key reads as loading until its own answer arrives.
 */
export function useWidgetData<T>(key: string, load: () => Promise<T>): WidgetData<T> {
  const [state, setState] = useState<WidgetData<T> & { key: string }>({ status: 'loading', key });
  // `load` is a new function every render; the key says when the data changes, so the effect
  // reads the latest `load` through a ref instead of depending on it.
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    // As a transition: React renders the widget's rows in slices rather than in one task (a phone's
    // blocking time; docs/journal/2026-11-28-lists-in-slices.md).
    loadRef.current().then(
      (data) => current && startTransition(() => setState({ status: 'ready', data, key })),
      () => current && startTransition(() => setState({ status: 'failed', key })),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state.key === key ? state : { status: 'loading' };
}
