import { CLIENT_EVENTS_LIMITS, createApiClient, type ClientEvent, type RemoteEntry, type RemoteName } from '@hub/shared/api';
import { route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { setTimeout as realDelay } from 'node:timers/promises';
import { clientEventsSender, createClientEvents, MAX_WAITING_EVENTS, type ClientEventsCollector } from './client-events';

// The collector with the real sender and the real HTTP client's headers, against a local server.
const server = startApiServer();
const posted = (): SeenRequest[] => server.requests.filter((request) => request.path === '/api/client-events');
const events = (request: SeenRequest) => (request.body as { events: ClientEvent[] }).events;
/** Waits, in real time, for the server to have received `count` batches (or a while, for none). */
async function batches(count: number): Promise<SeenRequest[]> {
  for (let turn = 0; turn < 400 && posted().length < count; turn++) await realDelay(5);
  return posted();
}

let releases: Map<RemoteName, RemoteEntry>;
let collector: ClientEventsCollector;
let fetchInits: RequestInit[];
function startCollector() {
  const api = createApiClient({ baseUrl: server.apiBase, getToken: () => 'hub-token', getHeaders: () => ({ 'Display-As-User-Id': '7' }) });
  const spyingFetch: typeof fetch = (input, init) => {
    fetchInits.push(init ?? {});
    return fetch(input, init);
  };
  collector = createClientEvents({ releases: () => releases, send: clientEventsSender(api, spyingFetch) });
  collector.start();
  return collector;
}
/** An error thrown at `url` (a V8 stack, as Chromium writes it). */
function thrownAt(url: string, line: number, name = 'TypeError', message = 'x is undefined') {
  const error = new Error(message);
  error.name = name;
  error.stack = `${name}: ${message}\n    at render (${url}:${line}:17)\n    at commit (${server.origin}/main.js:1:2)`;
  return error;
}
function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  server.routes = [route('POST', '/api/client-events', null, 204)];
  releases = new Map([
    ['content', { name: 'content', entry: `${server.origin}/remotes/content/mf-manifest.json`, version: '1.4.0' }],
    ['admin', { name: 'admin', entry: `${server.origin}/releases/admin/2.0.0/mf-manifest.json`, version: '2.0.0' }],
  ]);
  fetchInits = [];
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});
afterEach(() => {
  collector.stop();
  jest.useRealTimers();
});

describe('the browser figures', () => {
  it('should count equal events together and send them once the interval has passed, no sooner', async () => {
    startCollector();
    collector.record('mount', 'content');
    collector.record('mount', 'content');
    collector.record('mount', 'admin');
    collector.record('load-failure', 'content', thrownAt(`${server.origin}/remotes/content/app.js`, 3, 'ChunkLoadError'));
    collector.record('load-failure', 'content', thrownAt(`${server.origin}/remotes/content/app.js`, 3, 'ChunkLoadError'));
    // A remote the page holds no release of: nothing to count it for.
    collector.record('mount', 'dashboards');

    jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs - 1);
    expect(await batches(1)).toHaveLength(0);
    jest.advanceTimersByTime(1);
    const [batch] = await batches(1);
    expect(batch!.headers.authorization).toBe('Bearer hub-token');
    expect(batch!.headers['display-as-user-id']).toBe('7');
    expect(events(batch!)).toEqual([
      { remote: 'content', version: '1.4.0', kind: 'mount', count: 2 },
      { remote: 'admin', version: '2.0.0', kind: 'mount', count: 1 },
      {
        remote: 'content',
        version: '1.4.0',
        kind: 'load-failure',
        count: 2,
        error_name: 'ChunkLoadError',
        file: '/remotes/content/app.js',
        line: 3,
      },
    ]);
    expect(fetchInits[0]!.keepalive).toBe(false);
  });

  it('should send at most one batch every interval, each within the bound, the rest waiting', async () => {
    startCollector();
    const distinct = CLIENT_EVENTS_LIMITS.events * 2 + 20;
    for (let line = 1; line <= distinct; line++)
      collector.record('boundary', 'content', thrownAt(`${server.origin}/remotes/content/a.js`, line));

    jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs);
    expect((await batches(1)).map((request) => events(request).length)).toEqual([CLIENT_EVENTS_LIMITS.events]);
    // More events meanwhile do not hasten the next batch.
    collector.record('mount', 'content');
    jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs - 1);
    expect(await batches(2)).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect((await batches(2)).map((request) => events(request).length)).toEqual([50, 50]);
    jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs);
    const sent = await batches(3);
    expect(sent.map((request) => events(request).length)).toEqual([50, 50, 21]);
    expect(sent.every((request) => request.raw.length <= CLIENT_EVENTS_LIMITS.bodyBytes)).toBe(true);
    // The oldest first: the mount recorded last leaves last.
    expect(events(sent[2]!).at(-1)).toEqual({ remote: 'content', version: '1.4.0', kind: 'mount', count: 1 });
  });

  it('should keep a batch within the body bound when the files are long', async () => {
    startCollector();
    const long = `${server.origin}/remotes/content/${'deep/'.repeat(58)}chunk.js`;
    for (let line = 1; line <= CLIENT_EVENTS_LIMITS.events; line++) collector.record('boundary', 'content', thrownAt(long, line));
    jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs);
    const [first] = await batches(1);
    expect(first!.raw.length).toBeLessThanOrEqual(CLIENT_EVENTS_LIMITS.bodyBytes);
    expect(events(first!).length).toBeLessThan(CLIENT_EVENTS_LIMITS.events);
    expect(events(first!)[0]!.file!.length).toBeLessThanOrEqual(300);
  });

  it('should send one last batch with keepalive as soon as the page is hidden', async () => {
    startCollector();
    collector.record('mount', 'content');
    setVisibility('hidden');
    const [batch] = await batches(1);
    expect(events(batch!)).toEqual([{ remote: 'content', version: '1.4.0', kind: 'mount', count: 1 }]);
    expect(fetchInits[0]!.keepalive).toBe(true);
    // pagehide after it finds nothing more to send; while hidden, nothing is planned.
    collector.record('mount', 'admin');
    window.dispatchEvent(new Event('pagehide'));
    expect((await batches(2)).length).toBe(2);
    expect(fetchInits[1]!.keepalive).toBe(true);
    jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs * 3);
    expect(await batches(3)).toHaveLength(2);
  });

  it('should send neither the message, nor a query, nor anything typed', async () => {
    startCollector();
    const typed = 'my secret password 1234';
    const error = thrownAt(`${server.origin}/remotes/content/form.js?token=abc#frag`, 12, 'RangeError', `Invalid value "${typed}"`);
    collector.record('boundary', 'content', error);
    // A message that looks like a frame is not taken for one.
    const tricky = new Error(`at (${server.origin}/remotes/admin/fake.js?q=${typed}:9:9)`);
    tricky.stack = `Error: ${tricky.message}\n    at submit (${server.origin}/remotes/content/form.js:40:2)`;
    collector.record('boundary', 'content', tricky);
    collector.record('boundary', 'content', 'a thrown string');
    setVisibility('hidden');
    const [batch] = await batches(1);
    const text = batch!.raw.toString('utf8');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('token=');
    expect(text).not.toContain('fake.js');
    expect(events(batch!)).toEqual([
      {
        remote: 'content',
        version: '1.4.0',
        kind: 'boundary',
        count: 1,
        error_name: 'RangeError',
        file: '/remotes/content/form.js',
        line: 12,
      },
      { remote: 'content', version: '1.4.0', kind: 'boundary', count: 1, error_name: 'Error', file: '/remotes/content/form.js', line: 40 },
      { remote: 'content', version: '1.4.0', kind: 'boundary', count: 1 },
    ]);
  });

  it("should count an unhandled error or rejection for the remote whose files its stack's first frame is in", async () => {
    startCollector();
    window.dispatchEvent(new ErrorEvent('error', { error: thrownAt(`${server.origin}/releases/admin/2.0.0/users.js`, 5) }));
    // Firefox's and Safari's form, in content's files.
    const rejected = new TypeError('nope');
    rejected.stack = `load@${server.origin}/remotes/content/news.js?v=2:33:4\nasync*@${server.origin}/main.js:1:1`;
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: rejected }));
    // The shell's own, another site's, and a rejection with no stack: no remote's.
    window.dispatchEvent(new ErrorEvent('error', { error: thrownAt(`${server.origin}/main.js`, 1) }));
    window.dispatchEvent(new ErrorEvent('error', { error: thrownAt('https://elsewhere.example/remotes/content/x.js', 1) }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'no stack' }));
    // No error object (a script of another origin): the event's file and line.
    window.dispatchEvent(new ErrorEvent('error', { filename: `${server.origin}/remotes/content/app.js?x=1`, lineno: 8 }));

    setVisibility('hidden');
    const [batch] = await batches(1);
    expect(events(batch!)).toEqual([
      {
        remote: 'admin',
        version: '2.0.0',
        kind: 'unhandled',
        count: 1,
        error_name: 'TypeError',
        file: '/releases/admin/2.0.0/users.js',
        line: 5,
      },
      {
        remote: 'content',
        version: '1.4.0',
        kind: 'unhandled',
        count: 1,
        error_name: 'TypeError',
        file: '/remotes/content/news.js',
        line: 33,
      },
      { remote: 'content', version: '1.4.0', kind: 'unhandled', count: 1, file: '/remotes/content/app.js', line: 8 },
    ]);
  });

  it('should drop a refused batch without a word, and go on', async () => {
    server.routes = [route('POST', '/api/client-events', { statusCode: 500, error: 'Internal Server Error', message: 'down' }, 500)];
    startCollector();
    collector.record('mount', 'content');
    jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs);
    expect(await batches(1)).toHaveLength(1);
    collector.record('mount', 'content');
    jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs);
    const sent = await batches(2);
    // The failed batch is not sent again: the second holds only the new mount.
    expect(events(sent[1]!)).toEqual([{ remote: 'content', version: '1.4.0', kind: 'mount', count: 1 }]);
  });

  it('should send nothing before it is started, and keep a bounded number of events waiting', async () => {
    startCollector();
    collector.stop();
    for (let line = 1; line <= MAX_WAITING_EVENTS + 10; line++)
      collector.record('boundary', 'content', thrownAt(`${server.origin}/remotes/content/a.js`, line));
    jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs * 2);
    expect(await batches(1)).toHaveLength(0);
    collector.start();
    const rounds = MAX_WAITING_EVENTS / CLIENT_EVENTS_LIMITS.events;
    for (let round = 1; round <= rounds + 1; round++) {
      jest.advanceTimersByTime(CLIENT_EVENTS_LIMITS.batchIntervalMs);
      await batches(Math.min(round, rounds));
    }
    const sent = await batches(rounds + 1);
    expect(sent).toHaveLength(rounds);
    expect(sent.flatMap(events)).toHaveLength(MAX_WAITING_EVENTS);
  });

  it('should send nothing while signed out', async () => {
    const api = createApiClient({ baseUrl: server.apiBase, getToken: () => null });
    collector = createClientEvents({ releases: () => releases, send: clientEventsSender(api) });
    collector.start();
    collector.record('mount', 'content');
    setVisibility('hidden');
    expect(await batches(1)).toHaveLength(0);
  });
});
