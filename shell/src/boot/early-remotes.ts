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

/**
 * The start sequence's first step (docs/architecture.md, "The start sequence"): on a remote's area
 * or /home with a session stored, asks for the remotes list at once, while the shell's entry still
 * loads. Nothing of a remote is fetched here: the loader reads its manifest and checks it against
 * the shell before any of its code is requested, so a release the shell cannot mount is never
 * downloaded. Returns the list's promise, or undefined when the page starts elsewhere or has no
 * usable token.
 */
export function startEarlyRemotes(
  pathname: string,
  storage: Storage,
  tabStorage: Storage,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<RemoteList> | undefined {
  // Home too: its first widgets are in view at once, and they come from the remotes.
  const headers = (remoteOfPath(pathname) || isUnder(pathname, paths.home)) && earlyRemotesHeaders(storage, tabStorage);
  if (!headers) return undefined;
  const list = fetchImpl('/api/remotes', { headers }).then(async (response) => {
    if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
    return (await response.json()) as RemoteList;
  });
  return list;
}
