import { remotesAllowed, type RemoteEntry, type RemoteName } from '@hub/shared/api';
import type { LentWithFederation, startFederation } from './federation-runtime';
import { lentCatalogue } from '@hub/shared/i18n';
import type {
  HomeWidgetId,
  Language,
  RemoteAppModule,
  RemoteBuildFacts,
  RemoteLifecycles,
  RemoteWidgetsModule,
  SharedLibrary,
} from '@hub/shared/remote';
import * as I18next from 'i18next';
import React from 'react';
import ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JsxRuntime from 'react/jsx-runtime';

/**
 * Loads a remote's `./app` lifecycles, or with `widget` those of one of its home widgets (`./widgets`);
 * `attempt` > 0 means "again, for real" (Retry).
 */
export type RemoteLoader = ((name: RemoteName, options: { attempt: number; widget?: HomeWidgetId }) => Promise<RemoteLifecycles>) & {
  /**
   * Starts fetching what a remote's area needs (the federation runtime, the list of remotes, the
   * manifest, then the entry, the chunks and the catalogues, all at once) without running any of it:
   * called at start-up when the page opened is a remote's area, while the shell's own code still loads.
   */
  preload?: (name: RemoteName, rightsKnown: Promise<unknown>) => void;
  /**
   * The page's releases: one per remote whose area or widget the page has loaded (or tried to), the
   * release it was given then. Kept until the page reloads, so that a page never mixes two releases
   * of one remote (docs/architecture.md, "The start sequence").
   */
  releases?: () => ReadonlyMap<RemoteName, RemoteEntry>;
  /**
   * A newer answer of `GET /api/remotes` for a person (the release watcher's, `person` as the
   * loader's `person` names them): a remote the page does not hold yet loads the release it names;
   * the ones held do not change.
   */
  learn?: (remotes: RemoteEntry[], person: string) => void;
};

declare const __REACT_RANGE__: string | undefined;
/** The range the shell's webpack build defines; outside it (Jest), the same rule from React's version. */
const reactRange = typeof __REACT_RANGE__ === 'string' ? __REACT_RANGE__ : `^${React.version.split('.')[0]}.0.0`;

/**
 * The version of each other library the shell lends, as installed for it, and the range it is shared
 * with: defined by the shell's webpack build (and its Jest configuration) from shared/build/webpack.cjs.
 */
declare const __LENT_LIBRARIES__: Record<SharedLibrary, { version: string; requiredVersion: string }>;

/** The shell's own copies of the other shared libraries, whole: a remote may use any of their exports. */
const LENT = Object.keys(__LENT_LIBRARIES__) as SharedLibrary[];

/**
 * React and i18next as the shell already has them, offered to every remote as the one copy on the page
 * (docs/architecture.md, run time point 4). `lib` marks each loaded, so with 'loaded-first' no remote's
 * own copy is fetched. Sharing i18next's module shares no translations: each part makes its own
 * instance (createI18n: `createInstance`), and the default instance is never used.
 */
export function sharedModules(withFederation: Record<LentWithFederation, unknown>) {
  const libraries: Record<SharedLibrary, unknown> = { i18next: I18next, ...withFederation };
  const share = (version: string, requiredVersion: string, lib: () => unknown) => ({
    version,
    lib,
    shareConfig: { singleton: true, requiredVersion },
  });
  return {
    react: share(React.version, reactRange, () => React),
    'react-dom': share(ReactDOM.version, reactRange, () => ReactDOM),
    'react-dom/client': share(ReactDOM.version, reactRange, () => ReactDOMClient),
    'react/jsx-runtime': share(React.version, reactRange, () => JsxRuntime),
    ...Object.fromEntries(
      LENT.map((name) => {
        const { version, requiredVersion } = __LENT_LIBRARIES__[name];
        return [name, share(version, requiredVersion, () => libraries[name])];
      }),
    ),
  };
}

/** The versions of the other libraries the shell lends, which a remote's ranges must include (remote-fit.ts). */
const lentVersions = () => Object.fromEntries(LENT.map((name) => [name, __LENT_LIBRARIES__[name].version]));

/**
 * The Module Federation runtime of the shell, started on the first visit to a remote's area
 * (dynamic import: neither /login nor /home carries it). It registers only the remotes the server
 * lists for this user, filtered again by role, so a remote the user may not use is never requested.
 * One runtime per page: a new sign-in always comes back through the provider's redirect, a new page.
 *
 * Each remote is registered once, under the release the list names for it the first time the page
 * needs it; the page keeps that release until it reloads (a Retry loads the same one again). The
 * list is the shown person's: during display-as the displayed person's (the API client sends
 * Display-As-User-Id), asked again when the shown person changes, for the remotes the page does not
 * hold yet.
 *
 * Before a remote's code is loaded, its mf-manifest.json is read and checked against this shell
 * (remote-fit.ts: contract version, shared ranges, federation major): a remote released alone that
 * does not fit is refused with a RemoteMisfitError and never executed, so no second React either.
 */
export function createFederatedLoader(deps: {
  listRemotes: () => Promise<RemoteEntry[]>;
  rights: () => readonly string[];
  /** The language whose catalogues to preload with a remote's code (none when absent). */
  language?: () => Language;
  /** Who the page shows (the signed-in person, or the displayed one): a list is kept per person. */
  person?: () => string;
}): RemoteLoader {
  type Federation = {
    mf: ReturnType<typeof startFederation>;
    assertFits: (name: RemoteName, manifest: unknown) => void;
  };
  const person = () => deps.person?.() ?? '';
  // One check per remote (its app and its home widgets share it); Retry checks again. It yields the
  // remote's entry script, read from the manifest.
  const checks = new Map<RemoteName, Promise<string>>();
  let federation: Promise<Federation> | null = null;
  // The remote list of each person the page has shown, asked for at once (the stored token is
  // enough), not after the runtime's chunk. A failed list is asked again on the next attempt.
  const lists = new Map<string, Promise<RemoteEntry[]>>();
  // The page's releases: the first one each remote was given (loader.releases).
  const held = new Map<RemoteName, RemoteEntry>();
  // The remotes registered with the runtime under their entry script (once their manifest has been checked).
  const registered = new Set<RemoteName>();

  const listed = () => {
    const key = person();
    let list = lists.get(key);
    if (!list) {
      list = deps.listRemotes();
      lists.set(key, list);
      list.catch(() => {
        if (lists.get(key) === list) lists.delete(key);
      });
    }
    return list;
  };

  /** The release this page holds for a remote, or the one the list names now (then held). */
  const releaseOf = async (name: RemoteName): Promise<RemoteEntry> => {
    if (!remotesAllowed(deps.rights()).includes(name)) throw new Error(`The remote "${name}" is not available to this user`);
    const kept = held.get(name);
    if (kept) return kept;
    const entry = (await listed()).find((remote) => remote.name === name);
    if (!entry) throw new Error(`The remote "${name}" is not available to this user`);
    if (!held.has(name)) held.set(name, entry); // a call that raced this one may have held it already
    return held.get(name)!;
  };

  const start = () =>
    (federation ??= (async () => {
      const [{ startFederation, lentWithFederation }, { assertRemoteFits, shellOffer }] = await Promise.all([
        import(/* webpackChunkName: "federation" */ './federation-runtime'),
        import(/* webpackChunkName: "federation" */ './remote-fit'),
      ]);
      const mf = startFederation({
        name: 'shell',
        // Each remote is registered once its manifest has been read and checked (below).
        remotes: [],
        shared: sharedModules(lentWithFederation),
        shareStrategy: 'loaded-first',
      });
      const offer = shellOffer(React.version, ReactDOM.version, mf.version, lentVersions());
      return {
        mf,
        assertFits: (name: RemoteName, manifest: unknown) =>
          assertRemoteFits(name, manifest as Parameters<typeof assertRemoteFits>[1], offer),
      };
    })().catch((error: unknown) => {
      federation = null; // the runtime's chunk did not come: the next attempt asks again
      throw error;
    }));

  /**
   * Reads the manifest, checks it, and asks at once for what the remote will need next: its entry,
   * the chunks of the module about to load (`expose`) and its catalogues in the current language.
   * Without this each is found only once the one before has run (entry, then chunks, then
   * catalogues): three round trips one after another on a phone's network instead of one.
   */
  const check = (name: RemoteName, entry: string, assertFits: Federation['assertFits'], expose: string) =>
    (async () => {
      const response = await fetch(entry);
      if (!response.ok) throw new Error(`The manifest of the remote "${name}" answered ${response.status}`);
      const manifest = (await response.json()) as FederationManifest;
      assertFits(name, manifest);
      const base = new URL('.', new URL(entry, document.baseURI));
      const remoteEntry = new URL(
        `${manifest.metaData?.remoteEntry?.path ?? ''}${manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js'}`,
        base,
      ).href;
      preloadScripts([remoteEntry, ...exposedScripts(manifest, expose, name, deps.language?.()).map((file) => new URL(file, base).href)]);
      return remoteEntry;
    })();

  const loader: RemoteLoader = async (name, { attempt, widget }) => {
    const [{ mf, assertFits }, release] = await Promise.all([start(), releaseOf(name)]);
    if (attempt > 0 || !checks.has(name)) checks.set(name, check(name, release.entry, assertFits, widget ? 'widgets' : 'app'));
    const remoteEntry = await checks.get(name)!;
    // The runtime loads the entry script the manifest named (it has been read and checked already),
    // rather than fetching the manifest a second time. On Retry, registering again with `force`
    // drops what the runtime cached of a failed load, so the files are fetched again: the same
    // release's, since the page keeps the release it was given.
    if (attempt > 0 || !registered.has(name)) {
      mf.registerRemotes([{ name, entry: remoteEntry }], { force: registered.has(name) });
      registered.add(name);
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
  loader.preload = (name, rightsKnown) => {
    // The list needs only the stored token: asked for at once, while the user is being loaded; the
    // rest waits for the user's rights, which decide what may be loaded.
    listed().catch(() => undefined);
    void rightsKnown
      .then(() => Promise.all([start(), releaseOf(name)]))
      .then(([{ assertFits }, release]) => {
        if (!checks.has(name)) checks.set(name, check(name, release.entry, assertFits, 'app'));
        return checks.get(name);
      })
      // A failure shows when the area itself loads (and offers Retry); a preload stays silent.
      .catch(() => undefined);
  };
  loader.releases = () => held;
  loader.learn = (remotes, who) => {
    lists.set(who, Promise.resolve(remotes));
  };
  return loader;
}

/** What the shell reads in a remote's mf-manifest.json to preload it (besides the facts remote-fit.ts checks). */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; hub?: Pick<RemoteBuildFacts, 'catalogues'> };
  exposes?: { name: string; assets?: { js?: { sync?: string[]; async?: string[] } } }[];
}

/**
 * The scripts of one exposed module: its own chunks, and its catalogue chunks (`i18n-<language>-<namespace>`,
 * shared/src/i18n/catalogue-store.ts) in the current language, for the remote's namespace and 'common';
 * not 'common' when the remote will take the shell's copy (same stamp: `lentCatalogue`).
 */
export function exposedScripts(
  manifest: FederationManifest,
  expose: string,
  namespace: string,
  language: Language | undefined,
  lent: typeof lentCatalogue = lentCatalogue,
): string[] {
  const assets = manifest.exposes?.find((candidate) => candidate.name === expose)?.assets?.js;
  const stamp = language && manifest.metaData?.hub?.catalogues?.[`${language}/common`];
  const namespaces = stamp && lent(language, 'common', stamp) ? namespace : `${namespace}|common`;
  const catalogues = language ? (assets?.async ?? []).filter((file) => new RegExp(`^i18n-${language}-(${namespaces})\\.`).test(file)) : [];
  return [...(assets?.sync ?? []), ...catalogues];
}

/** Fetches scripts ahead of their use (rel=preload: downloaded, not run), each once per page. */
function preloadScripts(urls: string[]) {
  for (const href of urls) {
    if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    document.head.appendChild(link);
  }
}
