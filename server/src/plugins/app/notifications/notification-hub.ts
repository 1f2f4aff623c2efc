import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { NOTIFICATION_STREAM_EVENTS, type Notification } from '@hub/shared/api';
import { closeWithReconnectHint, HEARTBEAT_MS, sessionStamp, writeEvent } from '../../../lib/live-streams';
import { NOTIFICATION_COLUMNS, toNotification, unreadCount, unreadCounts } from '../../../lib/notifications/notification-list';
import { createHubCache, onWrites } from '../cache/hub-cache';

/** The NOTIFY channel of migration 0071's triggers on notifications. */
export const NOTIFICATIONS_CHANNEL = 'hub_notifications';

/** What the triggers send: new rows by the range of their ids, or counts to send again (null: everyone). */
type NotificationsSignal = { op: 'new'; min: number; max: number } | { op: 'count'; users: number[] | null };

export interface NotificationClient {
  userId: number;
  raw: ServerResponse;
  /** sessionStamp of the user when the stream opened: the stream outlives no change of it. */
  stamp: string;
  /** The ids already sent (a range read back may hold rows another signal also names). */
  sent: Set<number>;
}

export interface NotificationHub {
  /** Keeps `client` until its connection closes, after sending its unread count. */
  attach(client: NotificationClient): Promise<void>;
  /** The person's unread count (GET /api/notifications/count), kept between calls until any notification changes. */
  unreadCount(userId: number): Promise<number>;
  /** The kept counts' hits and misses (metrics). */
  readonly counts: { readonly hits: number; readonly misses: number };
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}

/** How many sent ids a stream remembers to skip repeats. */
const SENT_MEMORY = 500;
const SESSION_CHECK_DELAY_MS = 100;

/**
 * The notification centre's live side: one stream per signed-in person's tab (opened by the
 * shell). Every process LISTENs on NOTIFICATIONS_CHANNEL; whoever inserted the rows (an event's
 * write, the scheduler, the reminders), the trigger's signal names their ids, and each process
 * reads back only those of the people whose streams it holds (one query per signal), sends each
 * new notification and then the unread count. Read marks and deletions send the count again.
 * Nothing is replayed: a stream starts with the count, and the shell re-reads the list when it
 * opens the panel.
 */
export default fp(
  async (fastify) => {
    const { db } = fastify;
    const clients = new Map<number, Set<NotificationClient>>();

    // The unread counts, kept between calls: GET /api/notifications/count is asked by every page of
    // every signed-in person (the bell), and was the one call of a page's start that always read the
    // database. The counts are kept as the lists are (hub-cache.ts), with their guarantees: all are
    // dropped, in every process, when any notification is written, read or deleted (the signals of
    // migration 0071's triggers, on the channel below), and in this process at once by a write
    // through its own handle, before that write's answer leaves; a count read while they were being
    // dropped is not kept; nothing is kept while the channel is lost. Any change drops them all: a
    // 'new' signal names ids, not people, and reading a count again is one probe of an index.
    const counts = createHubCache();
    const stopWrites = onWrites(db, () => counts.invalidate(), new Set(['notifications']));
    const each = function* () {
      for (const set of clients.values()) yield* set;
    };

    const sendCounts = async (userIds: number[]) => {
      if (userIds.length === 0) return;
      const counts = await unreadCounts(db, userIds);
      for (const userId of userIds) {
        for (const client of clients.get(userId) ?? [])
          writeEvent(client.raw, NOTIFICATION_STREAM_EVENTS.count, { unread: counts.get(userId) ?? 0 });
      }
    };

    const handle = async (signal: NotificationsSignal) => {
      const connected = [...clients.keys()];
      if (connected.length === 0) return;
      if (signal.op === 'count') {
        await sendCounts(signal.users === null ? connected : signal.users.filter((id) => clients.has(id)));
        return;
      }
      const { rows } = await db.query<Parameters<typeof toNotification>[0] & { user_id: number }>(
        `SELECT n.user_id, ${NOTIFICATION_COLUMNS}
           FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
          WHERE n.id BETWEEN $1 AND $2 AND n.user_id = ANY ($3::int[])
          ORDER BY n.id`,
        [signal.min, signal.max, connected],
      );
      const told = new Set<number>();
      for (const row of rows) {
        const notification: Notification = toNotification(row);
        for (const client of clients.get(row.user_id) ?? []) {
          if (client.sent.has(notification.id)) continue;
          client.sent.add(notification.id);
          if (client.sent.size > SENT_MEMORY) client.sent.delete(client.sent.values().next().value!);
          writeEvent(client.raw, NOTIFICATION_STREAM_EVENTS.notification, notification);
          told.add(row.user_id);
        }
      }
      await sendCounts([...told]);
    };

    // Signals are handled one at a time, in the order they arrive (each commit's rows, then counts).
    let queue: Promise<void> = Promise.resolve();
    const unlisten = await db.listen(
      NOTIFICATIONS_CHANNEL,
      (text) => {
        counts.invalidate();
        let signal: NotificationsSignal;
        try {
          signal = JSON.parse(text) as NotificationsSignal;
        } catch {
          fastify.log.warn({ payload: text }, 'unreadable notifications signal');
          return;
        }
        queue = queue.then(() => handle(signal)).catch((error: unknown) => fastify.log.warn({ err: error }, 'live notifications not sent'));
      },
      (listening) => counts.setEnabled(listening),
    );

    // A person signed out, whose sessions ended, or whose rights or company changed: their streams
    // end with a reconnect hint, so that a new ticket decides again.
    let checkTimer: NodeJS.Timeout | null = null;
    const checkSessions = async () => {
      checkTimer = null;
      const ids = [...clients.keys()];
      if (ids.length === 0) return;
      const { rows } = await db.query<{ id: number; token_version: number; rights: string[]; entity_id: number | null }>(
        'SELECT id, token_version, rights, entity_id FROM users WHERE id = ANY($1::int[])',
        [ids],
      );
      const stamps = new Map(rows.map((row) => [row.id, sessionStamp(row)]));
      const ended = [...each()].filter((client) => stamps.get(client.userId) !== client.stamp);
      for (const client of ended) clients.get(client.userId)?.delete(client);
      closeWithReconnectHint(ended, 'session changed');
    };
    const stopWatching = fastify.hubCache.onChange((table) => {
      if ((table !== 'users' && table !== '*') || checkTimer) return;
      checkTimer = setTimeout(() => {
        checkSessions().catch((error: unknown) => fastify.log.warn({ err: error }, 'notification streams not checked against sessions'));
      }, SESSION_CHECK_DELAY_MS);
      checkTimer.unref();
    });

    const heartbeat = setInterval(() => {
      for (const client of each()) client.raw.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();

    fastify.addHook('preClose', async () => {
      stopWatching();
      stopWrites();
      counts.setEnabled(false);
      if (checkTimer) clearTimeout(checkTimer);
      clearInterval(heartbeat);
      closeWithReconnectHint([...each()]);
      clients.clear();
    });
    fastify.addHook('onClose', async () => {
      clearInterval(heartbeat);
      for (const client of each()) client.raw.end();
      clients.clear();
      await unlisten();
    });

    const hub: NotificationHub = {
      async attach(client) {
        let set = clients.get(client.userId);
        if (!set) clients.set(client.userId, (set = new Set()));
        set.add(client);
        client.raw.on('close', () => {
          const mine = clients.get(client.userId);
          mine?.delete(client);
          if (mine?.size === 0) clients.delete(client.userId);
        });
        await sendCounts([client.userId]);
      },
      unreadCount: (userId) => counts.get(String(userId), () => unreadCount(db, userId)),
      counts,
      get size() {
        let size = 0;
        for (const set of clients.values()) size += set.size;
        return size;
      },
    };
    fastify.decorate('notificationHub', hub);
  },
  { name: 'notification-hub', dependencies: ['config', 'database', 'hub-cache', 'discussion-hub'] },
);
