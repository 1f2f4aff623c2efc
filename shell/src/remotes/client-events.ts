import {
  CLIENT_EVENTS_LIMITS,
  type ClientEvent,
  type ClientEventBatch,
  type ClientEventKind,
  type RemoteEntry,
  type ApiClient,
  type RemoteName,
} from '@hub/shared/api';
import { errorName, firstFrame, withoutQuery, type StackFrame } from './stack-frame';

/** What the areas and the remotes' boundaries tell: one event of a remote, counted for the page's release of it. */
export interface ClientEventsRecorder {
  record(kind: ClientEventKind, remote: RemoteName, error?: unknown): void;
}

export interface ClientEventsCollector extends ClientEventsRecorder {
  /** Listens for unhandled errors and starts sending: after the first screen, when the browser is idle. */
  start(): void;
  /** Stops listening and sending (signed out); what waits stays, bounded, for a start again. */
  stop(): void;
}

export interface ClientEventsOptions {
  /** The page's releases (the federated loader's): the version an event counts for, and whose files a stack points into. */
  releases: () => ReadonlyMap<RemoteName, RemoteEntry>;
  /** Sends one batch (POST /api/client-events); `keepalive` for the last one, sent as the page is hidden. */
  send: (batch: ClientEventBatch, keepalive: boolean) => Promise<unknown>;
  /** The window whose errors, rejections and hiding are followed. */
  win?: Window;
}

/** The distinct events kept waiting at most: past it, new kinds of event are dropped until a batch leaves. */
export const MAX_WAITING_EVENTS = CLIENT_EVENTS_LIMITS.events * 10;
/** The largest count one event carries; more of the same starts another. */
const MAX_COUNT = CLIENT_EVENTS_LIMITS.count;
const MAX_FILE = 300;

/**
 * The browser figures of the page's releases (docs/architecture.md, "The start sequence", point 4):
 * mounts, load failures, errors caught by a remote's boundary, and unhandled errors and rejections
 * whose stack's first frame lies in a remote's files (the directory of its manifest). Each event
 * holds the error's name and that frame's path and line, never a message, a query or anything the
 * person typed; equal events are counted together. Batches leave at most once every
 * `batchIntervalMs`, each within the contract's bounds (the rest waits), and one last batch as the
 * page is hidden. A batch that fails is dropped without a word: figures are not worth a person's
 * attention.
 *
 * Recording is a map update, cheap from the start; listening and sending begin with `start()`.
 */
export function createClientEvents(options: ClientEventsOptions): ClientEventsCollector {
  const win = options.win ?? window;
  const waiting = new Map<string, ClientEvent>();
  let full = 0; // a sequence for events whose count reached MAX_COUNT, kept under a key of their own
  let started = false;
  let startedAt = 0;
  let lastSent = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const add = (kind: ClientEventKind, remote: RemoteName, name: string | undefined, frame: StackFrame | null) => {
    const version = options.releases().get(remote)?.version;
    if (!version) return; // not a release of this page: nothing to count it for
    const file = frame ? pathOf(frame.url) : undefined;
    const line = frame ? frame.line : undefined;
    const key = JSON.stringify([remote, version, kind, name ?? null, file ?? null, line ?? null]);
    const event = waiting.get(key);
    if (event && event.count < MAX_COUNT) event.count += 1;
    else {
      if (event) {
        waiting.delete(key);
        waiting.set(`${key}#${full++}`, event);
      } else if (waiting.size >= MAX_WAITING_EVENTS) return;
      waiting.set(key, {
        remote,
        version,
        kind,
        count: 1,
        ...(name ? { error_name: name } : {}),
        ...(file ? { file } : {}),
        ...(line !== undefined ? { line } : {}),
      });
    }
    schedule();
  };

  /** The next batch: the oldest events, at most `events` of them within `bodyBytes`; taken off the waiting ones. */
  const take = (): ClientEventBatch | null => {
    const events: ClientEvent[] = [];
    let bytes = JSON.stringify({ events: [] }).length;
    for (const [key, event] of waiting) {
      const size = JSON.stringify(event).length + 1;
      if (events.length === CLIENT_EVENTS_LIMITS.events || bytes + size > CLIENT_EVENTS_LIMITS.bodyBytes) break;
      events.push(event);
      bytes += size;
      waiting.delete(key);
    }
    return events.length > 0 ? { events } : null;
  };

  const sendBatch = (keepalive: boolean) => {
    const batch = take();
    if (!batch) return;
    lastSent = Date.now();
    options.send(batch, keepalive).catch(() => undefined);
  };

  const hidden = () => win.document.visibilityState === 'hidden';

  function schedule() {
    if (!started || timer !== null || waiting.size === 0 || hidden()) return;
    const wait = Math.max(0, Math.max(lastSent, startedAt) + CLIENT_EVENTS_LIMITS.batchIntervalMs - Date.now());
    timer = setTimeout(() => {
      timer = null;
      sendBatch(false);
      schedule();
    }, wait);
  }

  /** The remote whose files hold this address: the longest manifest directory it lies under. */
  const remoteOfFile = (url: string): RemoteName | undefined => {
    const root = new URL('/', win.document.baseURI).href;
    let found: RemoteName | undefined;
    let longest = 0;
    for (const [name, release] of options.releases()) {
      const directory = new URL('.', new URL(release.entry, win.document.baseURI)).href;
      // A remote served from the site's root would claim the shell's files too: it claims none.
      if (directory !== root && url.startsWith(directory) && directory.length > longest) {
        found = name;
        longest = directory.length;
      }
    }
    return found;
  };

  const unhandled = (error: unknown, fallback: StackFrame | null) => {
    const frame = firstFrame(error) ?? fallback;
    const remote = frame ? remoteOfFile(frame.url) : undefined;
    if (remote) add('unhandled', remote, errorName(error), frame);
  };
  const onError = (event: ErrorEvent) =>
    unhandled(event.error, event.filename ? { url: withoutQuery(event.filename), line: event.lineno } : null);
  const onRejection = (event: PromiseRejectionEvent) => unhandled(event.reason, null);
  const onVisibility = () => {
    if (hidden()) onHide();
    else schedule();
  };
  const onHide = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    sendBatch(true);
  };

  return {
    record(kind, remote, error) {
      add(kind, remote, error === undefined ? undefined : errorName(error), error === undefined ? null : firstFrame(error));
    },
    start() {
      if (started) return;
      started = true;
      startedAt = Date.now();
      win.addEventListener('error', onError);
      win.addEventListener('unhandledrejection', onRejection);
      win.document.addEventListener('visibilitychange', onVisibility);
      win.addEventListener('pagehide', onHide);
      schedule();
    },
    stop() {
      started = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
      win.document.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('pagehide', onHide);
    },
  };
}

/** The path of a file's address, as the contract takes it: no origin, no query, within its bound. */
function pathOf(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = withoutQuery(url);
  }
  return path.slice(0, MAX_FILE);
}

/**
 * Sends a batch to POST /api/client-events with the API client's headers (the bearer token, and
 * Display-As-User-Id during display-as). The last batch, as the page is hidden, goes with
 * `fetch(…, { keepalive: true })`, which outlives the page as `navigator.sendBeacon` would:
 * sendBeacon cannot set an Authorization header, and the API takes its token there only (a token in
 * the address or the body would end up in logs). Not through the client's `post`: a refused batch
 * must neither show a toast nor sign the person out.
 */
export function clientEventsSender(
  api: Pick<ApiClient, 'baseUrl' | 'authHeaders'>,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
) {
  return (batch: ClientEventBatch, keepalive: boolean): Promise<unknown> => {
    const headers = api.authHeaders();
    if (!headers.Authorization) return Promise.resolve(undefined); // signed out: nobody to count for
    return fetchImpl(`${api.baseUrl.replace(/\/+$/, '')}/client-events`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(batch),
      keepalive,
    });
  };
}
