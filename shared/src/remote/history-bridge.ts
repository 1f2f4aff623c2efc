const PATCHED = Symbol.for('hub.history-bridge');

/**
 * The shell and every mounted remote run their own React Router on the same window.history.
 * A router hears only `popstate`, which pushState/replaceState never fire, so a link in one router
 * would leave the others behind. Like single-spa's navigation events, this makes every
 * pushState/replaceState also dispatch a `popstate`, so that all routers follow the URL.
 */
export function installHistoryBridge(target: Window = window): void {
  const history = target.history as History & { [PATCHED]?: true };
  if (history[PATCHED]) return;
  history[PATCHED] = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
      const before = target.location.href;
      original(state, unused, url);
      if (target.location.href !== before) {
        target.dispatchEvent(new PopStateEvent('popstate', { state }));
      }
    };
  }
}
