import type { ApiClient } from './http-client';
import type { EventsTicket } from './discussions';
import { followEventStream } from './event-stream';
import { FILE_EXCHANGE_EVENTS, fileExchangePaths, type FileExchangeEvent } from './file-exchange-paths';

/**
 * Follows Collectmaster's live events (GET /api/v2/events, server-sent) until the returned stop
 * is called: a ticket per connection, a fresh one after a drop, and the events missed meanwhile
 * sent first (followEventStream). Events carry ids: re-read through the API. Used by the
 * collectmaster remote and the shell's count; `userId`, the person the stream is for (the displayed
 * one), keys the one connection the browser's tabs share.
 */
export function followFileExchangeEvents(filesApi: ApiClient, userId: number, onEvent: (event: FileExchangeEvent) => void): () => void {
  return followEventStream({
    shareKey: `file-exchange.${userId}`,
    ticket: async () => (await filesApi.post<EventsTicket>(fileExchangePaths.eventsTicket(), undefined, { silent: true })).ticket,
    url: (ticket, lastEventId) => `${filesApi.baseUrl.replace(/\/+$/, '')}/${fileExchangePaths.events(ticket, lastEventId)}`,
    types: FILE_EXCHANGE_EVENTS,
    onEvent: (type, data) => onEvent({ type, ...(data as object) } as FileExchangeEvent),
  });
}
