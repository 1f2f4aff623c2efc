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

declare const __REACT_RANGE__: string | undefined;
/** The range the shell's webpack build defines; outside it (Jest), the same rule from React's version. */
const reactRange = typeof __REACT_RANGE__ === 'string' ? __REACT_RANGE__ : `^${React.version.split('.')[0]}.0.0`;

/**
 * React as the shell already has it, offered to every remote as the one copy on the page
 * (docs/architecture.md, run time point 4). `lib` marks it loaded, so with 'loaded-first' no remote's own copy is used.
 */
function sharedReact() {
  const shareConfig = { singleton: true, requiredVersion: reactRange };
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
 *
 * Before a remote's code is loaded, its mf-manifest.json is read and checked against this shell
 * (remote-fit.ts: contract version, React ranges, federation major): a remote released alone that
 * does not fit is refused with a RemoteMisfitError and never executed, so no second React either.
 */
export function createFederatedLoader(deps: { listRemotes: () => Promise<RemoteEntry[]>; rights: () => readonly string[] }): RemoteLoader {
  type Federation = {
    mf: ReturnType<typeof startFederation>;
    entries: Map<RemoteName, string>;
    assertFits: (name: RemoteName, manifest: unknown) => void;
  };
  // One check per remote (its app and its home widgets share it); Retry checks again.
  const checks = new Map<RemoteName, Promise<void>>();
  let federation: Promise<Federation> | null = null;

  const start = () =>
    (federation ??= (async () => {
      const [{ startFederation }, { assertRemoteFits, shellOffer }, listed] = await Promise.all([
        import(/* webpackChunkName: "federation" */ './federation-runtime'),
        import(/* webpackChunkName: "federation" */ './remote-fit'),
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
      const offer = shellOffer(React.version, ReactDOM.version, mf.version);
      return {
        mf,
        entries: new Map(remotes.map((remote) => [remote.name, remote.entry])),
        assertFits: (name: RemoteName, manifest: unknown) =>
          assertRemoteFits(name, manifest as Parameters<typeof assertRemoteFits>[1], offer),
      };
    })().catch((error: unknown) => {
      federation = null; // the remotes list failed: the next attempt asks again
      throw error;
    }));

  const check = (name: RemoteName, entry: string, assertFits: Federation['assertFits']) =>
    (async () => {
      const response = await fetch(entry);
      if (!response.ok) throw new Error(`The manifest of the remote "${name}" answered ${response.status}`);
      assertFits(name, await response.json());
    })();

  return async (name, { attempt, widget }) => {
    const { mf, entries, assertFits } = await start();
    const entry = entries.get(name);
    if (!entry) throw new Error(`The remote "${name}" is not available to this user`);
    if (attempt > 0 || !checks.has(name)) checks.set(name, check(name, entry, assertFits));
    await checks.get(name);
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
