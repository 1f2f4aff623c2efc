import type { RemoteEntry, RemoteName } from '@hub/shared/api';
import type { RemoteLoader } from './federated-loader';

/** How often a visible page asks again which releases its person is given. */
export const RELEASE_CHECK_INTERVAL_MS = 5 * 60_000;
/** A page shown again asks at once, unless it asked less than this long ago (a person flipping tabs). */
export const RELEASE_CHECK_MIN_GAP_MS = 60_000;

export interface ReleaseWatcher {
  /** Asks now, then every RELEASE_CHECK_INTERVAL_MS while the page is visible, and when it is shown again. */
  start(): void;
  stop(): void;
  /** Asks now (a change of the shown person: display-as started or stopped). */
  check(): Promise<void>;
  /** The remotes whose newer release is offered now (a stable array until it changes). */
  offered(): readonly RemoteName[];
  subscribe(listener: () => void): () => void;
  /** The person put the offer aside: it is not made again for these remotes in this page. */
  dismiss(): void;
}

export interface ReleaseWatcherOptions {
  /** GET /api/remotes for the person the page shows now (silent: a failure is tried at the next turn). */
  list: () => Promise<RemoteEntry[]>;
  loader: Pick<RemoteLoader, 'releases' | 'learn'>;
  /** Who the page shows: an answer asked for another person is not compared. */
  person: () => string;
  doc?: Document;
}

/**
 * The release watcher (docs/architecture.md, "The start sequence", point 4): after start, it asks
 * `GET /api/remotes` now and then; when a remote whose release the page holds is now given another
 * release (a candidate rolled back, promoted or started for this person), it offers a reload, once
 * per remote and page. It never reloads by itself: the page keeps its releases until the person
 * chooses to. Remotes the page does not hold yet simply load the newer release (`loader.learn`).
 */
export function createReleaseWatcher(options: ReleaseWatcherOptions): ReleaseWatcher {
  const doc = options.doc ?? document;
  const listeners = new Set<() => void>();
  const offeredOnce = new Set<RemoteName>();
  let shown: readonly RemoteName[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let lastAsked = -Infinity;
  let asking: Promise<void> | null = null;

  const hidden = () => doc.visibilityState === 'hidden';
  const setShown = (next: readonly RemoteName[]) => {
    shown = next;
    for (const listener of listeners) listener();
  };

  const compare = (remotes: RemoteEntry[]) => {
    const fresh: RemoteName[] = [];
    for (const [name, held] of options.loader.releases?.() ?? []) {
      const given = remotes.find((remote) => remote.name === name);
      if (!given || offeredOnce.has(name)) continue;
      if (given.version !== held.version || given.entry !== held.entry) fresh.push(name);
    }
    if (fresh.length === 0) return;
    for (const name of fresh) offeredOnce.add(name);
    setShown([...shown, ...fresh]);
  };

  let askedFor = '';
  const check = (): Promise<void> => {
    // One question at a time; one asked for another person is followed by one for this person.
    if (asking) return askedFor === options.person() ? asking : asking.then(check);
    lastAsked = Date.now();
    // A page that holds no remote's release has nothing to compare: no request (the next turn asks).
    if ((options.loader.releases?.().size ?? 0) === 0) return Promise.resolve();
    const person = (askedFor = options.person());
    return (asking = (async () => {
      try {
        const remotes = await options.list();
        if (person !== options.person()) return; // asked for someone the page no longer shows
        options.loader.learn?.(remotes, person);
        compare(remotes);
      } catch {
        // The next turn asks again; a person is never told that this background call failed.
      }
    })().finally(() => {
      asking = null;
    }));
  };

  const plan = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!running || hidden()) return;
    timer = setTimeout(
      () => {
        timer = null;
        void check().then(plan);
      },
      Math.max(0, lastAsked + RELEASE_CHECK_INTERVAL_MS - Date.now()),
    );
  };

  const onVisibility = () => {
    if (hidden()) return plan(); // clears the timer
    if (Date.now() - lastAsked >= RELEASE_CHECK_MIN_GAP_MS) void check().then(plan);
    else plan();
  };

  return {
    start() {
      if (running) return;
      running = true;
      doc.addEventListener('visibilitychange', onVisibility);
      void check().then(plan);
    },
    stop() {
      running = false;
      doc.removeEventListener('visibilitychange', onVisibility);
      plan();
    },
    check,
    offered: () => shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dismiss() {
      if (shown.length > 0) setShown([]);
    },
  };
}
