import { followEventStream } from './event-stream';

/** Stands in for the browser's EventSource, which jsdom lacks: the test plays the server's events. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  closed = false;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
}

describe('followEventStream', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    (window as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
  });
  afterEach(() => {
    delete (window as unknown as { EventSource?: unknown }).EventSource;
  });

  it('should reopen a dropped stream with a fresh ticket and the id of the last event received', async () => {
    let tickets = 0;
    const received: unknown[] = [];
    const stop = followEventStream({
      ticket: async () => `ticket-${++tickets}`,
      url: (ticket, lastEventId) => `/events?ticket=${ticket}${lastEventId ? `&last_event_id=${lastEventId}` : ''}`,
      types: ['message.created', 'counters'],
      onEvent: (type, data) => received.push({ type, data }),
    });
    await waitForSources(1);
    const first = FakeEventSource.all[0]!;
    expect(first.url).toBe('/events?ticket=ticket-1');
    first.emit('message.created', { message_id: 1 }, '41');
    first.emit('counters', { pending: 2 }); // no id: the last id stays 41
    first.emit('message.created', { message_id: 2 }, '42');
    first.emit('counters', { pending: 3 });
    expect(received).toEqual([
      { type: 'message.created', data: { message_id: 1 } },
      { type: 'counters', data: { pending: 2 } },
      { type: 'message.created', data: { message_id: 2 } },
      { type: 'counters', data: { pending: 3 } },
    ]);

    first.onerror!();
    expect(first.closed).toBe(true);
    await waitForSources(2);
    expect(FakeEventSource.all[1]!.url).toBe('/events?ticket=ticket-2&last_event_id=42');
    stop();
    expect(FakeEventSource.all[1]!.closed).toBe(true);
  });
});

async function waitForSources(count: number) {
  for (let waited = 0; FakeEventSource.all.length < count; waited += 50) {
    if (waited > 5000) throw new Error(`${count} streams expected, ${FakeEventSource.all.length} opened`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
