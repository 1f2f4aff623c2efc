import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FileExchangeCountersEvent, FileExchangeFileEvent } from '@hub/shared/api';
import { HEARTBEAT_MS } from '../discussions/discussion-hub';
import type { ExchangeScope } from './file-exchange-repository';
import { closeWithReconnectHint } from '../live-streams';

/** PostgreSQL NOTIFY channel of the file exchange's events (every server process listens). */
export const FILE_EXCHANGE_CHANNEL = 'file_exchange';

export interface FileEventsClient {
  userId: number;
  /** What this user sees, for the counters. */
  scope: ExchangeScope;
  raw: ServerResponse;
}

interface Notification {
  event: FileExchangeFileEvent;
  /** The users told. */
  to: number[];
}

export interface FileEvents {
  /** Tells `to` about a file, through every server process. */
  publish(event: FileExchangeFileEvent, to: readonly number[]): Promise<void>;
  /** Keeps `client` until its connection closes; sends it its counters at once. */
  attach(client: FileEventsClient): Promise<void>;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    fileEvents: FileEvents;
  }
}

function send(raw: ServerResponse, event: string, data: unknown) {
  raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * The live side of the file exchange (FILE_EXCHANGE_EVENTS), built like the discussions' hub:
 * NOTIFY carries the event and the ids of the users to tell; each process sends it to its own
 * connected streams of those users, then their counters (files waiting for review) as they are now.
 */
export default fp(
  async (fastify) => {
    const clients = new Set<FileEventsClient>();

    const counters = async (client: FileEventsClient) => {
      const event: FileExchangeCountersEvent = {
        type: 'counters',
        uploaded: await fastify.fileExchangeRepository.uploadedCount(client.scope),
      };
      send(client.raw, 'counters', event);
    };

    async function deliver(notification: Notification) {
      const to = new Set(notification.to);
      for (const client of clients) {
        if (!to.has(client.userId)) continue;
        send(client.raw, notification.event.type, notification.event);
        await counters(client);
      }
    }

    const unlisten = await fastify.db.listen(FILE_EXCHANGE_CHANNEL, (payload) => {
      let notification: Notification;
      try {
        notification = JSON.parse(payload) as Notification;
      } catch {
        fastify.log.warn({ payload }, 'unreadable file exchange notification');
        return;
      }
      deliver(notification).catch((error: unknown) => fastify.log.error({ err: error }, 'file event delivery failed'));
    });

    const heartbeat = setInterval(() => {
      for (const client of clients) client.raw.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();

    // Shutdown: before the server waits for its connections to end, the streams end with a reconnect hint.
    fastify.addHook('preClose', async () => {
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

    const events: FileEvents = {
      async publish(event, to) {
        if (to.length === 0) return;
        const notification: Notification = { event, to: [...new Set(to)] };
        await fastify.db.query('SELECT pg_notify($1, $2)', [FILE_EXCHANGE_CHANNEL, JSON.stringify(notification)]);
      },
      async attach(client) {
        clients.add(client);
        client.raw.on('close', () => clients.delete(client));
        await counters(client);
      },
      get size() {
        return clients.size;
      },
    };
    fastify.decorate('fileEvents', events);
  },
  { name: 'file-events', dependencies: ['config', 'database', 'file-exchange-repository'] },
);
