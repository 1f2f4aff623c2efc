import assert from 'node:assert/strict';

/** One server-sent event as a browser's EventSource sees it. */
export interface SseEvent {
  /** The `id:` line, when the event has one. */
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event received so far, in order (comments and `retry:` lines are not events). */
  received: SseEvent[];
  /** The id of the last event that had one: what a browser sends back as Last-Event-ID. */
  lastEventId(): string | undefined;
  /** The first received event named `event` (and matching `where`), waiting for it up to `timeout` ms. */
  waitFor(event: string, where?: (item: SseEvent) => boolean, timeout?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream (or it is closed). */
  ended: Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens a live stream with fetch and reads its events as they arrive, as the discussions' and the
 * Collectmaster's clients do in a browser. Asserts a 200 text/event-stream answer.
 */
export async function readSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers });
  assert.equal(response.status, 200, response.status === 200 ? '' : await response.text());
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  const received: SseEvent[] = [];
  let text = '';
  let lastId: string | undefined;
  const reader = response.body!.getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += Buffer.from(value).toString('utf8');
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const id = /^id: ?(.*)$/m.exec(block)?.[1];
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (id !== undefined) lastId = id;
          if (event && data)
            received.push({ ...(id === undefined ? {} : { id }), event, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // aborted, or the connection was cut
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    received,
    lastEventId: () => lastId,
    // Generous: a limit here only stops a broken test from hanging, on however busy a machine.
    async waitFor(event, where = () => true, timeout = 15_000) {
      const started = Date.now();
      while (Date.now() - started < timeout) {
        const found = received.find((item) => item.event === event && where(item));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no ${event} within ${timeout} ms; got ${JSON.stringify(received)}`);
    },
    ended,
    async close() {
      controller.abort();
      await ended;
    },
  };
}
