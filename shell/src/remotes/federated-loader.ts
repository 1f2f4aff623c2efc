import { remotesAllowed, type RemoteEntry, type RemoteName } from '@hub/shared/api';
import type { startFederation } from './federation-runtime';
import type { HomeWidgetId, RemoteAppModule, RemoteLifecycles, RemoteWidgetsModule } from '@hub/shared/remote';
import React from 'react';
import ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JsxRuntime from 'react/jsx-runtime';

/**
 * Loads a remote's `./app` lifecycles, or with `widget` those of one of its home widgets (`./widgets`);
 * `attempt` > 0 means "again, for real" (Retry).
 */
export type RemoteLoader = (name: RemoteName, options: { attempt: number; widget?: HomeWidgetId }) => Promise<RemoteLifecycles>;

declare const __REACT_RANGE__: string;

/**
 * React as the shell already has it, offered to every remote as the one copy on the page
 * (ARCHITECTURE.md point 4). `lib` marks it loaded, so with 'loaded-first' no remote's own copy is used.
 */
function sharedReact() {
  const shareConfig = { singleton: true, requiredVersion: __REACT_RANGE__ };
  const share = (version: string, lib: () => unknown) => ({ version, lib, shareConfig });
  return {
    react: share(React.version, () => React),
    'react-dom': share(ReactDOM.version, () => ReactDOM),
    'react-dom/client': share(ReactDOM.version, () => ReactDOMClient),
    'react/jsx-runtime': share(React.version, () => JsxRuntime),
  };
}

/**
 * The Module Federation runtime of the shell, started on the first visit to a remote's area
 * (dynamic import: neither /login nor /home carries it). It registers only the remotes the server
 * lists for this user, filtered again by role, so a remote the user may not use is never requested.
 * One runtime per page: a new sign-in always comes back through the provider's redirect, a new page.
 */
export function createFederatedLoader(deps: { listRemotes: () => Promise<RemoteEntry[]>; rights: () => readonly string[] }): RemoteLoader {
  type Federation = {
    mf: ReturnType<typeof startFederation>;
    entries: Map<RemoteName, string>;
  };
  let federation: Promise<Federation> | null = null;

  const start = () =>
    (federation ??= (async () => {
      const [{ startFederation }, listed] = await Promise.all([
        import(/* webpackChunkName: "federation" */ './federation-runtime'),
        deps.listRemotes(),
      ]);
      const allowed = new Set(remotesAllowed(deps.rights()));
      const remotes = listed.filter((remote) => allowed.has(remote.name));
      const mf = startFederation({
        name: 'shell',
        remotes: remotes.map(({ name, entry }) => ({ name, entry })),
        shared: sharedReact(),
        shareStrategy: 'loaded-first',
      });
      return { mf, entries: new Map(remotes.map((remote) => [remote.name, remote.entry])) };
    })().catch((error: unknown) => {
      federation = null; // the remotes list failed: the next attempt asks again
      throw error;
    }));

  return async (name, { attempt, widget }) => {
    const { mf, entries } = await start();
    const entry = entries.get(name);
    if (!entry) throw new Error(`The remote "${name}" is not available to this user`);
    if (attempt > 0) {
      // The runtime caches a failed manifest or entry: registering the remote again with `force`
      // drops those caches, so Retry fetches the files again.
      mf.registerRemotes([{ name, entry }], { force: true });
    }
    if (widget) {
      const widgets = await mf.loadRemote<RemoteWidgetsModule>(`${name}/widgets`);
      const lifecycles = widgets?.default?.[widget];
      if (!lifecycles?.mount) throw new Error(`The remote "${name}" offers no widget "${widget}"`);
      return lifecycles;
    }
    const module = await mf.loadRemote<RemoteAppModule>(`${name}/app`);
    if (!module?.default?.mount) throw new Error(`The remote "${name}" exposes no lifecycles as ./app`);
    return module.default;
  };
}
