import { fileExchangePaths, type ApiClient, type EventsTicket, type FileExchangeCountersEvent } from '@hub/shared/api';

const RECONNECT_MS = 1000;

/**
 * Follows the file exchange's `counters` live event (GET /api/v2/events, server-sent): each
 * connection first trades the files-API token for a one-minute ticket (EventSource sends no
 * header), and a dropped stream gets a fresh ticket. Loaded lazily, off /home's entry. Returns the stop.
 */
export function followFilesToReview(filesApi: ApiClient, onCount: (uploaded: number) => void): () => void {
  if (typeof window === 'undefined' || typeof window.EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const connect = async () => {
    try {
      const { ticket } = await filesApi.post<EventsTicket>(fileExchangePaths.eventsTicket(), undefined, { silent: true });
      if (stopped) return;
      source = new EventSource(`${filesApi.baseUrl.replace(/\/+$/, '')}/${fileExchangePaths.events(ticket)}`);
      source.addEventListener('counters', (message) => {
        try {
          const { uploaded } = JSON.parse((message as MessageEvent<string>).data) as Partial<FileExchangeCountersEvent>;
          if (typeof uploaded === 'number') onCount(uploaded);
        } catch {
          // an unreadable event is skipped; the next one still arrives
        }
      });
      source.onerror = () => {
        // The ticket may have expired: never let EventSource retry with it, get a fresh one.
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
