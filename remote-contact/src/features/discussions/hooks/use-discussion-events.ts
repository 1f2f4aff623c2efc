import type { DiscussionEvent, EventsTicket } from '@hub/shared/api';
import { DISCUSSION_EVENTS } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useEffect, useRef } from 'react';

const RECONNECT_MS = 1000;

/**
 * Subscribes to GET /api/discussions/events while mounted. EventSource cannot send the bearer
 * token, so each connection first trades it for a one-minute ticket (POST …/events/ticket); when
 * the stream drops, a new ticket is fetched and the stream opened again. The server decides what
 * each user hears; the events carry ids only, and `onEvent` re-reads through the API.
 */
export function useDiscussionEvents(onEvent: (event: DiscussionEvent) => void) {
  const { api, session } = useRemoteProps();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const userId = session.displayedUser.id;

  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const connect = async () => {
      try {
        const { ticket } = await api.post<EventsTicket>('/discussions/events/ticket', undefined, { silent: true });
        if (stopped) return;
        source = new EventSource(`${api.baseUrl.replace(/\/+$/, '')}/discussions/events?ticket=${encodeURIComponent(ticket)}`);
        for (const type of DISCUSSION_EVENTS) {
          source.addEventListener(type, (message) => {
            try {
              handler.current(JSON.parse((message as MessageEvent<string>).data) as DiscussionEvent);
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
  }, [api, userId]);
}
