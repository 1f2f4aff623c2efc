import { STORAGE_KEYS, type RemoteEntry, type RemoteList } from '@hub/shared/api';

/** The early list, and whom it was asked for (as the shell's `shownPerson` names them). */
export interface EarlyRemotes {
  person: string;
  remotes: Promise<RemoteEntry[]>;
}

/**
 * The answer of `GET /api/remotes` that the page's first script may have asked for before the
 * shell's entry ran (docs/architecture.md, "The start sequence", point 1): a Promise of the list,
 * left as `globalThis.__HUB_EARLY_REMOTES__`, asked with the display-as this tab kept (if any).
 * Taken once, off the global.
 */
export function takeEarlyRemotes(tabStorage: Storage = sessionStorage): EarlyRemotes | undefined {
  const holder = globalThis as { __HUB_EARLY_REMOTES__?: Promise<RemoteList> };
  const early = holder.__HUB_EARLY_REMOTES__;
  delete holder.__HUB_EARLY_REMOTES__;
  if (!early || typeof early.then !== 'function') return undefined;
  let displayedId: unknown = null;
  try {
    displayedId = (JSON.parse(tabStorage.getItem(STORAGE_KEYS.displayAs) ?? 'null') as { userId?: unknown } | null)?.userId;
  } catch {
    // Unreadable: the early list was asked in the person's own name.
  }
  const remotes = early.then((list) => {
    if (!Array.isArray(list?.remotes)) throw new Error('The early remotes list is not a list');
    return list.remotes;
  });
  remotes.catch(() => undefined); // asked again when it is needed
  return { person: typeof displayedId === 'number' ? `as:${displayedId}` : 'own', remotes };
}
