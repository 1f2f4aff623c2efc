import type { ApiClient } from './http-client';
import type { EventsTicket } from './discussions';
import { FILE_EXCHANGE_EVENTS, fileExchangePaths, type FileExchangeEvent } from './file-exchange-paths';

const RECONNECT_MS = 1000;

/**
 * Follows the file exchange's live events (GET /api/v2/events, server-sent) until the returned stop
 * is called. EventSource sends no bearer token, so each connection first trades the files-API token
 * for a one-minute ticket, and a dropped stream gets a fresh ticket (never a retry with the old one).
 * Events carry ids: re-read through the API. Used by the collectmaster remote and the shell's count.
 */
export function followFileExchangeEvents(filesApi: ApiClient, onEvent: (event: FileExchangeEvent) => void): () => void {
  if (typeof window === 'undefined' || typeof window.EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const connect = async () => {
    try {
      const { ticket } = await filesApi.post<EventsTicket>(fileExchangePaths.eventsTicket(), undefined, { silent: true });
      if (stopped) return;
      source = new EventSource(`${filesApi.baseUrl.replace(/\/+$/, '')}/${fileExchangePaths.events(ticket)}`);
      for (const type of FILE_EXCHANGE_EVENTS) {
        source.addEventListener(type, (message) => {
          try {
            onEvent({ type, ...(JSON.parse((message as MessageEvent<string>).data) as object) } as FileExchangeEvent);
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
