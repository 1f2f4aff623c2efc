import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';

/** How long a browser waits before reconnecting a live stream that the server closed on shutdown. */
export const RECONNECT_RETRY_MS = 1000;
/** A comment line now and then keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** What a reconnecting stream is sent at most: the events of the last day, the newest 500 of them. */
export const REPLAY_MAX_EVENTS = 500;
export const REPLAY_MAX_AGE = '24 hours';
/** Any constant: live event ids are taken one writer at a time, until commit (see appendLiveEvent). */
const LIVE_EVENTS_LOCK = 7806852;

/**
 * Ends live streams (server-sent events) with a reconnect hint, on shutdown or when their user's
 * session changed: `retry:` tells the EventSource how soon to come back, and a `reconnect` event
 * says why the stream ends. The browser reconnects by itself, to another process behind the load
 * balancer or to this one restarted; after a change of session, with a new ticket or not at all.
 */
export function closeWithReconnectHint(streams: Iterable<{ raw: ServerResponse }>, reason = 'server shutting down'): void {
  const hint = `retry: ${RECONNECT_RETRY_MS}\nevent: reconnect\ndata: ${JSON.stringify({ type: 'reconnect', reason })}\n\n`;
  for (const { raw } of streams) {
    if (raw.writableEnded || raw.destroyed) continue;
    raw.end(hint);
  }
}

/** One server-sent event; with `id`, the browser remembers it and sends it back as Last-Event-ID. */
export function writeEvent(raw: ServerResponse, event: string, data: unknown, id?: number): void {
  raw.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The headers of every live stream, and the first lines: the reconnect delay and a comment. */
export function openEventStream(raw: ServerResponse): void {
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold events back in their buffer.
    'X-Accel-Buffering': 'no',
  });
  raw.write('retry: 2000\n: connected\n\n');
}

/**
 * The id of the last event a reconnecting client saw: the `Last-Event-ID` header that EventSource
 * sends when it reconnects by itself, or `last_event_id` in the query, which our clients add when
 * they open a new stream with a fresh ticket. Null for a first connection or an unreadable value.
 */
export function lastEventId(headers: Record<string, string | string[] | undefined>, query?: string): number | null {
  const header = headers['last-event-id'];
  const value = (Array.isArray(header) ? header[0] : header) || query;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** What NOTIFY carries and what a replay reads back: the event, whom it is for, and its id (none for counters). */
export interface LiveNotification<P> {
  id: number | null;
  users: number[];
  payload: P;
}

/**
 * Records a live event and tells every server process (NOTIFY), in the caller's transaction: the
 * event is heard, and replayable, only if the write commits. Call it last in the transaction: the
 * ids are taken under a lock held until commit, so they commit in increasing order, and a client
 * that saw id N and asks for what came after never misses an event with a smaller id that committed later.
 */
export async function appendLiveEvent<P>(tx: Queryable, channel: string, users: readonly number[], payload: P): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [LIVE_EVENTS_LOCK]);
  const { rows } = await tx.query<{ id: string | number }>(
    'INSERT INTO live_events (channel, users, payload) VALUES ($1, $2::int[], $3::jsonb) RETURNING id',
    [channel, [...new Set(users)], JSON.stringify(payload)],
  );
  const id = Number(rows[0]!.id);
  const notification: LiveNotification<P> = { id, users: [...new Set(users)], payload };
  await tx.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(notification)]);
  return id;
}

/** An event that is not kept (counters: the stream is sent the current ones on connecting). */
export async function notifyUnrecorded<P>(tx: Queryable, channel: string, users: readonly number[], payload: P): Promise<void> {
  const notification: LiveNotification<P> = { id: null, users: [...new Set(users)], payload };
  await tx.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(notification)]);
}

export interface LiveClient {
  userId: number;
  raw: ServerResponse;
  /** sessionStamp of the user when the stream opened: a stream outlives no change of it. */
  stamp?: string;
}

/** What a live stream was opened on: the token version (sign-out, "end sessions"), rights and company. */
export function sessionStamp(user: { token_version: number; rights: readonly string[]; entity_id: number | null }): string {
  return JSON.stringify([user.token_version, [...user.rights].sort(), user.entity_id]);
}

/** How soon after a change of users the open streams are checked (changes that come together are checked once). */
const SESSION_CHECK_DELAY_MS = 100;

/** How a hub sends an event to one of its clients (ids are deduplicated and held back during a replay). */
export type SendEvent<C> = (client: C, event: string, data: unknown, id?: number) => void;

export interface LiveChannelOptions<P, C extends LiveClient> {
  /** The NOTIFY channel, also the `channel` of its rows in live_events. */
  channel: string;
  /**
   * Sends `notification` to those of `clients` who may see it. `replay`: the client is catching up
   * on what it missed (counters are sent once afterwards, not after every event).
   */
  deliver(notification: LiveNotification<P>, clients: Iterable<C>, send: SendEvent<C>, replay: boolean): Promise<void>;
  /** Administrators hear every event of this channel (the discussions), not only those naming them. */
  seesAll?(client: C): boolean;
}

export interface LiveChannel<C extends LiveClient> {
  /**
   * Keeps `client` until its connection closes. With `afterId` (its Last-Event-ID), first sends it
   * the events it missed that it may see (bounded by REPLAY_MAX_EVENTS and REPLAY_MAX_AGE); live
   * events that arrive meanwhile follow, in order, each once.
   */
  attach(client: C, afterId: number | null): Promise<void>;
  send: SendEvent<C>;
  readonly size: number;
}

/**
 * The common part of the live hubs (discussions, Collectmaster): one LISTEN per process on the
 * channel, events handled one at a time in the order they committed, heartbeats, shutdown with a
 * reconnect hint, and replay from Last-Event-ID out of live_events (old events go by the retention job).
 */
export async function openLiveChannel<P, C extends LiveClient>(
  fastify: FastifyInstance,
  options: LiveChannelOptions<P, C>,
): Promise<LiveChannel<C>> {
  const { channel } = options;
  const clients = new Set<C>();
  /** Per client: the highest id sent, and the live events held back while its replay runs. */
  const state = new WeakMap<C, { lastId: number; held: (() => void)[] | null }>();

  const write = (client: C, event: string, data: unknown, id?: number) => {
    if (client.raw.destroyed || client.raw.writableEnded) return;
    const tracked = state.get(client);
    if (id !== undefined && tracked) {
      if (id <= tracked.lastId) return;
      tracked.lastId = id;
    }
    writeEvent(client.raw, event, data, id);
  };
  const send: SendEvent<C> = (client, event, data, id) => {
    const held = state.get(client)?.held;
    if (held) held.push(() => write(client, event, data, id));
    else write(client, event, data, id);
  };

  const recorded = async (afterId: number, beforeId: number | null, where = 'true', params: unknown[] = []) => {
    const { rows } = await fastify.db.query<{ id: string | number; users: number[]; payload: P | string }>(
      `SELECT id, users, payload FROM live_events
        WHERE channel = $1 AND id > $2 AND ($3::bigint IS NULL OR id < $3) AND created_at > now() - interval '${REPLAY_MAX_AGE}' AND ${where}
        ORDER BY id DESC LIMIT ${REPLAY_MAX_EVENTS}`,
      [channel, afterId, beforeId, ...params],
    );
    return rows.reverse().map((row) => ({
      id: Number(row.id),
      users: row.users,
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as P) : row.payload,
    }));
  };

  // The last recorded event this process heard. NOTIFY sent while the LISTEN connection was down
  // (PostgreSQL restarting) is lost: the next event heard shows the gap, and what is in it is read
  // back from live_events and delivered first.
  const { rows: newest } = await fastify.db.query<{ id: string | number | null }>(
    'SELECT max(id) AS id FROM live_events WHERE channel = $1',
    [channel],
  );
  let lastHeard = Number(newest[0]?.id ?? 0);
  // Each event's delivery starts at once (its reads of the database run side by side with the
  // others'), but what it sends is written in the order the events committed: one after another.
  let queue: Promise<void> = Promise.resolve();
  const unlisten = await fastify.db.listen(channel, (text) => {
    let notification: LiveNotification<P>;
    try {
      notification = JSON.parse(text) as LiveNotification<P>;
    } catch {
      fastify.log.warn({ payload: text, channel }, 'unreadable live event notification');
      return;
    }
    const from = lastHeard;
    if (notification.id !== null) lastHeard = notification.id;
    const sends: (() => void)[] = [];
    const later: SendEvent<C> = (client, event, data, id) => sends.push(() => send(client, event, data, id));
    const prepared = (async () => {
      // (A smaller id than the last: the ids were restarted, as the tests' data reset does; nothing to catch up.)
      if (notification.id !== null && notification.id > from + 1) {
        for (const missed of await recorded(from, notification.id)) await options.deliver(missed, clients, later, false);
      }
      await options.deliver(notification, clients, later, false);
    })().catch((error: unknown) => fastify.log.error({ err: error, channel }, 'live event delivery failed'));
    queue = queue.then(async () => {
      await prepared;
      for (const release of sends) release();
    });
  });

  // A user signed out, whose sessions an administrator ended, who was deleted, or whose rights or
  // company changed, in any process: their open streams end (with a reconnect hint), so that what
  // they hear is decided again, or refused, by a new ticket. Heard through the cache's LISTEN.
  let checkTimer: NodeJS.Timeout | null = null;
  const checkSessions = async () => {
    checkTimer = null;
    const stamped = [...clients].filter((client) => client.stamp !== undefined);
    if (stamped.length === 0) return;
    const ids = [...new Set(stamped.map((client) => client.userId))];
    const { rows } = await fastify.db.query<{ id: number; token_version: number; rights: string[]; entity_id: number | null }>(
      'SELECT id, token_version, rights, entity_id FROM users WHERE id = ANY($1::int[])',
      [ids],
    );
    const stamps = new Map(rows.map((row) => [row.id, sessionStamp(row)]));
    const ended = stamped.filter((client) => stamps.get(client.userId) !== client.stamp);
    for (const client of ended) clients.delete(client);
    closeWithReconnectHint(ended, 'session changed');
  };
  const stopWatching = fastify.hasDecorator('hubCache')
    ? fastify.hubCache.onChange((table) => {
        if ((table !== 'users' && table !== '*') || checkTimer) return;
        checkTimer = setTimeout(() => {
          checkSessions().catch((error: unknown) => fastify.log.warn({ err: error, channel }, 'live streams not checked against sessions'));
        }, SESSION_CHECK_DELAY_MS);
        checkTimer.unref();
      })
    : () => {};

  const heartbeat = setInterval(() => {
    for (const client of clients) client.raw.write(': heartbeat\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // Shutdown: before the server waits for its connections to end, the streams end with a reconnect hint.
  fastify.addHook('preClose', async () => {
    stopWatching();
    if (checkTimer) clearTimeout(checkTimer);
    clearInterval(heartbeat);
    closeWithReconnectHint(clients);
    clients.clear();
  });
  fastify.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const client of clients) client.raw.end();
    clients.clear();
    await unlisten();
  });

  async function replay(client: C, afterId: number) {
    const everyone = options.seesAll?.(client) ?? false;
    for (const missed of await recorded(afterId, null, '($4 OR $5 = ANY(users))', [everyone, client.userId])) {
      if (client.raw.destroyed) return;
      await options.deliver(missed, [client], write, true);
    }
  }

  return {
    async attach(client, afterId) {
      // Attached first, replayed second: a live event that commits during the replay is held, then
      // sent after it unless the replay already had it.
      state.set(client, { lastId: afterId ?? 0, held: afterId === null ? null : [] });
      clients.add(client);
      client.raw.on('close', () => clients.delete(client));
      if (afterId === null) return;
      try {
        await replay(client, afterId);
      } finally {
        const tracked = state.get(client)!;
        const held = tracked.held ?? [];
        tracked.held = null;
        for (const release of held) release();
      }
    },
    send,
    get size() {
      return clients.size;
    },
  };
}
