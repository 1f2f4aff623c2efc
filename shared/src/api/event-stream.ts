/** How soon a dropped stream is opened again; after a failed ticket request, five times that. */
const RECONNECT_MS = 1000;

export interface EventStreamOptions {
  /** A fresh one-minute ticket for each connection (EventSource sends no bearer token). */
  ticket: () => Promise<string>;
  /** The stream's address for a ticket, and the id of the last event received when reconnecting. */
  url: (ticket: string, lastEventId: string | null) => string;
  /** The event names to listen to. */
  types: readonly string[];
  onEvent: (type: string, data: unknown) => void;
  /**
   * Names the stream and the person it is for (the displayed one during display-as): the tabs of
   * one browser that follow the same key share one connection (see followEventStream). Without a
   * key, this tab opens its own.
   */
  shareKey?: string;
}

/** What the tab holding a shared stream passes on to the others: one event, with its id. */
interface SharedEvent {
  type: string;
  data: unknown;
  id: string | null;
}

/**
 * Follows a live stream (server-sent events) until the returned stop is called. Each connection
 * first takes a fresh ticket; a dropped stream is never retried with the old one (it may have
 * expired) but opened anew, with the id of the last event received (`last_event_id`), so that the
 * server, whichever process answers, first sends what was missed. Used by the notification bell
 * (shell), the discussions (contact remote) and Collectmaster (collectmaster remote, the
 * shell's count).
 *
 * With a `shareKey`, one tab of the browser holds the connection and hands each event to the other
 * tabs (and to other followers of the key in the same tab). Why: a browser opens at most six
 * connections to one host over HTTP/1.1 (the portal's own address, without a proxy speaking
 * HTTP/2), and a stream holds one for as long as the page is open; with one stream per tab, three
 * staff tabs (the bell and Collectmaster's count) or six customer tabs took all six, and every
 * other call of every tab waited for ever. The holder is chosen with a Web Lock named after the key:
 * when its tab closes, the lock passes to the next tab waiting, which connects with the id of the
 * last event it was handed, so nothing is missed. Browsers without Web Locks or BroadcastChannel
 * open one stream per tab, as without a key.
 */
export function followEventStream(options: EventStreamOptions): () => void {
  if (typeof window === 'undefined' || typeof window.EventSource === 'undefined') return () => undefined;
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!options.shareKey || !locks || typeof BroadcastChannel === 'undefined') return connectStream(options, null).stop;
  return followSharedStream(options, options.shareKey, locks);
}

function followSharedStream(options: EventStreamOptions, shareKey: string, locks: LockManager): () => void {
  const name = `hub.stream.${shareKey}`;
  const channel = new BroadcastChannel(name);
  let lastEventId: string | null = null;
  let stopped = false;
  let release: (() => void) | null = null;
  const waiting = new AbortController();

  channel.onmessage = (message: MessageEvent<SharedEvent>) => {
    const { type, data, id } = message.data;
    if (id) lastEventId = id;
    if (!stopped && options.types.includes(type)) options.onEvent(type, data);
  };

  locks
    .request(name, { signal: waiting.signal }, () => {
      if (stopped) return undefined;
      // This tab holds the stream now: it follows it and hands each event on, until stopped.
      const held = connectStream(
        {
          ...options,
          onEvent: (type, data, id) => {
            channel.postMessage({ type, data, id } satisfies SharedEvent);
            options.onEvent(type, data);
          },
        },
        lastEventId,
      );
      return new Promise<void>((resolve) => {
        release = () => {
          held.stop();
          resolve();
        };
      });
    })
    .catch(() => undefined); // aborted while waiting: this follower stopped first

  return () => {
    stopped = true;
    waiting.abort();
    release?.();
    channel.close();
  };
}

/** One connection of this tab's own, reopened after each drop until stopped. */
function connectStream(
  {
    ticket,
    url,
    types,
    onEvent,
  }: Omit<EventStreamOptions, 'onEvent'> & { onEvent: (type: string, data: unknown, id: string | null) => void },
  resumeFrom: string | null,
): { stop: () => void } {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let lastEventId = resumeFrom;

  const connect = async () => {
    try {
      const current = await ticket();
      if (stopped) return;
      source = new EventSource(url(current, lastEventId));
      for (const type of types) {
        source.addEventListener(type, (message) => {
          const { data, lastEventId: id } = message as MessageEvent<string>;
          if (id) lastEventId = id;
          let parsed: unknown;
          try {
            parsed = JSON.parse(data) as unknown;
          } catch {
            return; // an unreadable event is skipped; the next one still arrives
          }
          onEvent(type, parsed, id || null);
        });
      }
      source.onerror = () => {
        source?.close();
        source = null;
        if (!stopped) timer = setTimeout(() => void connect(), RECONNECT_MS);
      };
    } catch {
      if (!stopped) timer = setTimeout(() => void connect(), RECONNECT_MS * 5);
    }
  };
  void connect();
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    },
  };
}
