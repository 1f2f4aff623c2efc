import { followEventStream } from './event-stream';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';

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

/**
 * The Web Locks API, which jsdom lacks: exclusive locks by name, granted in the order asked, a
 * waiting request abandoned by its signal. The browser's own is what the journeys use.
 */
class LockManagerStandIn {
  private held = new Set<string>();
  private queues = new Map<string, Array<() => void>>();
  request(name: string, options: { signal?: AbortSignal }, callback: () => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        Promise.resolve()
          .then(callback)
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name);
            this.queues.get(name)?.shift()?.();
          });
      };
      if (!this.held.has(name)) return grant();
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      queue.push(grant);
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }
}

describe('followEventStream shared by the tabs', () => {
  const follow = (shareKey: string, received: unknown[]) =>
    followEventStream({
      shareKey,
      ticket: async () => 'ticket',
      url: (ticket, lastEventId) => `/events?ticket=${ticket}${lastEventId ? `&last_event_id=${lastEventId}` : ''}`,
      types: ['message.created'],
      onEvent: (_type, data) => received.push(data),
    });

  beforeEach(() => {
    FakeEventSource.all = [];
    (window as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
    Object.defineProperty(navigator, 'locks', { value: new LockManagerStandIn(), configurable: true });
    (globalThis as unknown as { BroadcastChannel: unknown }).BroadcastChannel = NodeBroadcastChannel;
  });
  afterEach(() => {
    delete (window as unknown as { EventSource?: unknown }).EventSource;
    delete (navigator as unknown as { locks?: unknown }).locks;
    delete (globalThis as unknown as { BroadcastChannel?: unknown }).BroadcastChannel;
  });

  it('should open one connection for the followers of a key, hand its events to all, and pass it on', async () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    const other: unknown[] = [];
    const stopFirst = follow('discussions.7', first);
    const stopSecond = follow('discussions.7', second);
    const stopOther = follow('discussions.8', other);
    await waitForSources(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // One stream for person 7's two followers, one for person 8.
    expect(FakeEventSource.all).toHaveLength(2);
    const [seven, eight] = FakeEventSource.all as [FakeEventSource, FakeEventSource];

    seven.emit('message.created', { message_id: 1 }, '41');
    eight.emit('message.created', { message_id: 99 }, '5');
    await waitFor(() => second.length === 1);
    expect(first).toEqual([{ message_id: 1 }]);
    expect(second).toEqual([{ message_id: 1 }]);
    expect(other).toEqual([{ message_id: 99 }]);

    // The holder's tab closes: the other follower connects, from the last event it was handed.
    stopFirst();
    expect(seven.closed).toBe(true);
    await waitForSources(3);
    const taken = FakeEventSource.all[2]!;
    expect(taken.url).toBe('/events?ticket=ticket&last_event_id=41');
    taken.emit('message.created', { message_id: 2 }, '42');
    expect(second).toEqual([{ message_id: 1 }, { message_id: 2 }]);
    expect(first).toEqual([{ message_id: 1 }]);

    stopSecond();
    stopOther();
    expect(taken.closed).toBe(true);
    expect(eight.closed).toBe(true);
  });
});

async function waitFor(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5000) throw new Error('not met in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
