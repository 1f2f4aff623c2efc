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
}

/**
 * Follows a live stream (server-sent events) until the returned stop is called. Each connection
 * first takes a fresh ticket; a dropped stream is never retried with the old one (it may have
 * expired) but opened anew, with the id of the last event received (`last_event_id`), so that the
 * server, whichever process answers, first sends what was missed. Used by the discussions (contact
 * remote) and the file exchange (collectmaster remote, the shell's count).
 */
export function followEventStream({ ticket, url, types, onEvent }: EventStreamOptions): () => void {
  if (typeof window === 'undefined' || typeof window.EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let lastEventId: string | null = null;

  const connect = async () => {
    try {
      const current = await ticket();
      if (stopped) return;
      source = new EventSource(url(current, lastEventId));
      for (const type of types) {
        source.addEventListener(type, (message) => {
          const { data, lastEventId: id } = message as MessageEvent<string>;
          if (id) lastEventId = id;
          try {
            onEvent(type, JSON.parse(data) as unknown);
          } catch {
            // an unreadable event is skipped; the next one still arrives
          }
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
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
