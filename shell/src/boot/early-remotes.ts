import { HEADERS, STORAGE_KEYS, type RemoteList } from '@hub/shared/api';
import { isUnder, paths } from '../paths';
import { REMOTE_ROUTES } from '../remotes/remote-routes';
import { isTokenUsable } from '../session/tokens';

declare global {
  /**
   * The remotes list asked for by `theme-boot` before the shell's entry ran (the start sequence's
   * first step, docs/architecture.md), or undefined when the page did not ask for it early. The
   * shell takes it once (`takeEarlyRemotes`, `remotes/early-remotes.ts`), for the person it was asked for.
   */
  var __HUB_EARLY_REMOTES__: Promise<RemoteList> | undefined;
}

/** The JWT's subject (the signed-in person's id), or null when the token says none. */
function tokenSubject(token: string): number | null {
  try {
    const sub = (JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }).sub;
    const id = Number(sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * The headers the shell's API client sends `GET /api/remotes` with, read from what is stored: the
 * bearer token, and the display-as this tab kept over a reload when the same person started it
 * (the session store's rule, `resumableDisplayAs`). The entity header is left out: it changes
 * nothing in the list, and whether it may be sent depends on rights not known before the profile
 * is loaded.
 */
export function earlyRemotesHeaders(storage: Storage, tabStorage: Storage): Record<string, string> | null {
  const token = storage.getItem(STORAGE_KEYS.hubToken);
  if (!token || !isTokenUsable(token)) return null;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  try {
    const stored = JSON.parse(tabStorage.getItem(STORAGE_KEYS.displayAs) ?? 'null') as {
      userId?: unknown;
      signedInUserId?: unknown;
    } | null;
    if (stored && typeof stored.userId === 'number' && stored.signedInUserId === tokenSubject(token))
      headers[HEADERS.displayAsUserId] = String(stored.userId);
  } catch {
    // An unreadable display-as is no display-as (the session store reads it the same way).
  }
  return headers;
}

/** The remote whose area `pathname` is, or null. */
export function remoteOfPath(pathname: string) {
  return REMOTE_ROUTES.find(({ path }) => isUnder(pathname, path.replace(/\/\*$/, '')))?.remote ?? null;
}

/** What a remote's mf-manifest.json says of its entry script and the files of its `./app`. */
interface EarlyManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

/** Downloads a script ahead of its use (rel=preload: never run here). */
function preloadScript(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * The start sequence's first step (docs/architecture.md, "The start sequence"): on a remote's area
 * with a session stored, asks for the remotes list at once, then for the route's remote manifest,
 * then for that remote's entry script and the first files of its `./app` (downloaded, never run
 * here: the shell's loader checks the manifest before it runs anything); on /home, for the list
 * only. Returns the list's promise, or undefined when the page starts elsewhere or has no usable
 * token.
 */
export function startEarlyRemotes(
  pathname: string,
  storage: Storage,
  tabStorage: Storage,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<RemoteList> | undefined {
  const remote = remoteOfPath(pathname);
  // Home: its first widgets are in view at once, and they come from the remotes too (the list only:
  // which widgets are shown depends on the user, loaded later).
  const headers = (remote || isUnder(pathname, paths.home)) && earlyRemotesHeaders(storage, tabStorage);
  if (!headers) return undefined;
  const list = fetchImpl('/api/remotes', { headers }).then(async (response) => {
    if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
    return (await response.json()) as RemoteList;
  });
  // What follows only fetches ahead: any failure here is the loader's to meet (and report) later.
  if (!remote) return list;
  void list
    .then(async ({ remotes }) => {
      const entry = remotes.find((candidate) => candidate.name === remote)?.entry;
      if (!entry) return;
      // Read here, it is in the browser's cache when the loader reads it again (revalidated, not
      // downloaded a second time).
      const manifest = (await (await fetchImpl(entry)).json()) as EarlyManifest;
      const base = new URL('.', new URL(entry, document.baseURI));
      const { name = 'remoteEntry.js', path = '' } = manifest.metaData?.remoteEntry ?? {};
      preloadScript(new URL(`${path}${name}`, base).href);
      for (const file of manifest.exposes?.find((candidate) => candidate.name === 'app')?.assets?.js?.sync ?? [])
        preloadScript(new URL(file, base).href);
    })
    .catch(() => undefined);
  return list;
}
