import type { ServerResponse } from 'node:http';

/** How long a browser waits before reconnecting a live stream that the server closed on shutdown. */
export const RECONNECT_RETRY_MS = 1000;

/**
 * Ends live streams (server-sent events) on shutdown with a reconnect hint: `retry:` tells the
 * EventSource how soon to come back, and a `reconnect` event says why the stream ends. The browser
 * reconnects by itself, to another process behind the load balancer or to this one restarted.
 */
export function closeWithReconnectHint(streams: Iterable<{ raw: ServerResponse }>): void {
  for (const { raw } of streams) {
    if (raw.writableEnded || raw.destroyed) continue;
    raw.end(`retry: ${RECONNECT_RETRY_MS}\nevent: reconnect\ndata: {"type":"reconnect","reason":"server shutting down"}\n\n`);
  }
}
