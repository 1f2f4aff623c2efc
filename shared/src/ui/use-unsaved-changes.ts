import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useConsoleKit } from './use-console-kit';

/** Stable JSON of plain form values: key order does not matter. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * Whether `current` differs from the LAST SAVED values: no false alarm after a save (pass the
 * saved values) or after a change is undone (equal again), unlike "was touched" (react-admin #5267,
 * #9378). Pass `disabled` for a read-only form: it can hold no unsaved change.
 */
export function useIsDirty<T>(current: T, saved: T, disabled = false): boolean {
  const savedJson = useMemo(() => stableJson(saved), [saved]);
  return !disabled && stableJson(current) !== savedJson;
}

/**
 * Asks before leaving a form with unsaved changes: closing or reloading the tab (`beforeunload`),
 * a link anywhere on the page (the shell's navigation too), back and forward.
 *
 * React Router's `useBlocker` needs a data router, and a remote renders in a `BrowserRouter` beside
 * the shell's own router, whose links a remote's blocker would never see; so the guard listens on
 * the document (clicks on links, in the capture phase) and the window (`popstate`, also fired by
 * the history bridge for every pushState), before either router acts. Returns `release()`, which
 * lets the form's own next navigation through (after a save, say).
 */
export function useUnsavedChangesGuard(dirty: boolean, message?: string): () => void {
  const { t: tKit } = useConsoleKit();
  const text = message ?? tKit('form.unsavedChanges');
  const guardedUrl = useRef<string>('');
  const released = useRef(false);

  useEffect(() => {
    released.current = false;
    if (!dirty) return undefined;
    guardedUrl.current = window.location.href;
    let restoring = false;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      event.returnValue = '';
    };

    const onClick = (event: MouseEvent) => {
      if (
        released.current ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.href === window.location.href) return;
      if (window.confirm(text)) {
        released.current = true; // asked once: the navigation that follows goes through
      } else {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };

    const onPopState = (event: PopStateEvent) => {
      if (released.current || restoring || window.location.href === guardedUrl.current) return;
      if (window.confirm(text)) {
        released.current = true;
        return;
      }
      event.stopImmediatePropagation();
      restoring = true;
      window.history.pushState(null, '', guardedUrl.current);
      restoring = false;
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [dirty, text]);

  // Called by the form just before it navigates itself (to the new item's page after a create).
  return useCallback(() => {
    released.current = true;
  }, []);
}
