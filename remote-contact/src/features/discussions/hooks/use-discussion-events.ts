import type { DiscussionEvent, EventsTicket } from '@hub/shared/api';
import { DISCUSSION_EVENTS, followEventStream } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useEffect, useRef } from 'react';

/**
 * Subscribes to GET /api/discussions/events while mounted. EventSource cannot send the bearer
 * token, so each connection first trades it for a one-minute ticket (POST …/events/ticket); when
 * the stream drops, a new ticket is fetched and the stream opened again with the id of the last
 * event received, and the server sends the messages missed meanwhile first. The server decides
 * what each user hears. The browser's tabs share one connection per displayed person.
 */
export function useDiscussionEvents(onEvent: (event: DiscussionEvent) => void) {
  const { api, session } = useRemoteProps();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const userId = session.displayedUser.id;

  useEffect(
    () =>
      followEventStream({
        shareKey: `discussions.${userId}`,
        ticket: async () => (await api.post<EventsTicket>('/discussions/events/ticket', undefined, { silent: true })).ticket,
        url: (ticket, lastEventId) =>
          `${api.baseUrl.replace(/\/+$/, '')}/discussions/events?ticket=${encodeURIComponent(ticket)}` +
          (lastEventId ? `&last_event_id=${encodeURIComponent(lastEventId)}` : ''),
        types: DISCUSSION_EVENTS,
        onEvent: (_type, data) => handler.current(data as DiscussionEvent),
      }),
    [api, userId],
  );
}
