import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FileExchangeCountersEvent, FileExchangeFileEvent } from '@hub/shared/api';
import type { ExchangeScope } from '../../../lib/file-exchange/exchange-scope';
import { appendLiveEvent, openLiveChannel, type SendEvent } from '../../../lib/live-streams';

/** PostgreSQL NOTIFY channel of Collectmaster's events (every server process listens). */
export const FILE_EXCHANGE_CHANNEL = 'file_exchange';

export interface FileEventsClient {
  userId: number;
  /** What this user sees, for the counters. */
  scope: ExchangeScope;
  raw: ServerResponse;
  /** sessionStamp of the user at connection: the stream ends when it changes. */
  stamp?: string;
}

export interface FileEvents {
  /** Tells `to` about a file, through every server process; kept for replay. */
  publish(event: FileExchangeFileEvent, to: readonly number[]): Promise<void>;
  /**
   * Keeps `client` until its connection closes; with `afterId` (its Last-Event-ID) first sends it
   * the events it missed; then its counters as they are now.
   */
  attach(client: FileEventsClient, afterId?: number | null): Promise<void>;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    fileEvents: FileEvents;
  }
}

/**
 * The live side of Collectmaster (FILE_EXCHANGE_EVENTS), built on the same live channel as the
 * discussions' hub: each event is recorded with the ids of the users to tell; each process sends it
 * to its own connected streams of those users, then their counters (files waiting for review) as they are now.
 */
export default fp(
  async (fastify) => {
    const counters = async (client: FileEventsClient, send: SendEvent<FileEventsClient>) => {
      const event: FileExchangeCountersEvent = {
        type: 'counters',
        uploaded: await fastify.fileExchangeRepository.uploadedCount(client.scope),
      };
      send(client, 'counters', event);
    };

    const live = await openLiveChannel<FileExchangeFileEvent, FileEventsClient>(fastify, {
      channel: FILE_EXCHANGE_CHANNEL,
      async deliver(notification, clients, send, replay) {
        const to = new Set(notification.users);
        for (const client of [...clients]) {
          if (!to.has(client.userId)) continue;
          send(client, notification.payload.type, notification.payload, notification.id ?? undefined);
          // The event is sent whatever happens to the counters' read (the database overloaded or away).
          if (!replay) await counters(client, send).catch((error: unknown) => fastify.log.warn({ err: error }, 'live counters not sent'));
        }
      },
    });

    const events: FileEvents = {
      async publish(event, to) {
        if (to.length === 0) return;
        await fastify.db.transaction((tx) => appendLiveEvent(tx, FILE_EXCHANGE_CHANNEL, to, event));
      },
      async attach(client, afterId = null) {
        await live.attach(client, afterId);
        await counters(client, live.send);
      },
      get size() {
        return live.size;
      },
    };
    fastify.decorate('fileEvents', events);
  },
  { name: 'file-events', dependencies: ['config', 'database', 'hub-cache', 'file-exchange-repository'] },
);
