import { FILE_EXCHANGE_EVENTS, fileExchangePaths, type EventsTicket, type FileExchangeEvent } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useEffect, useRef } from 'react';

const RECONNECT_MS = 1000;

/**
 * Subscribes to the file exchange's live events (GET /api/v2/events, server-sent) while mounted, as
 * the discussions do: EventSource sends no bearer token, so each connection first trades it for a
 * one-minute ticket, and a dropped stream gets a fresh ticket. Events carry ids: re-read through the API.
 */
export function useFileEvents(onEvent: (event: FileExchangeEvent) => void) {
  const { filesApi, session } = useRemoteProps();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const userId = session.displayedUser.id;
  const displayAs = session.displayAs !== null;

  useEffect(() => {
    // Collectmaster is unavailable in display-as (the API answers 403): nothing to listen to.
    if (displayAs || typeof window === 'undefined' || typeof window.EventSource === 'undefined') return undefined;
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
              handler.current({ type, ...(JSON.parse((message as MessageEvent<string>).data) as object) } as FileExchangeEvent);
            } catch {
              // an unreadable event is skipped; the next one still arrives
            }
          });
        }
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
  }, [filesApi, userId, displayAs]);
}
