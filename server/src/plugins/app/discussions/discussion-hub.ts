import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { DiscussionEvent } from '@hub/shared/api';
import { DISCUSSIONS_CHANNEL, type DiscussionNotification } from './discussions-repository';
import { closeWithReconnectHint } from '../live-streams';

/** EventSource sends no header: the browser trades its bearer token for this ticket, valid one minute. */
export const EVENTS_TICKET_TTL_SECONDS = 60;
const TICKET_AUDIENCE = 'hub-discussion-events';
const TICKET_ISSUER = 'urn:client-hub:server';
/** A comment line now and then keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

export interface EventStreamClient {
  userId: number;
  isAdministrator: boolean;
  raw: ServerResponse;
}

export interface DiscussionHub {
  /** `tokenVersion`: the user's users.token_version, so that ending their sessions ends the ticket too. */
  issueTicket(userId: number, tokenVersion?: number): Promise<string>;
  /** The user id of a valid ticket, else null. */
  verifyTicket(ticket: string): Promise<number | null>;
  /** The user id and token version of a valid ticket, else null. */
  verifyTicketClaims(ticket: string): Promise<{ userId: number; tokenVersion: number } | null>;
  /** Keeps `client` until its connection closes, sending it the events it may see. */
  attach(client: EventStreamClient): void;
  /** Connected streams of this process (tests, metrics). */
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    discussionHub: DiscussionHub;
  }
}

function send(raw: ServerResponse, event: string, data: unknown) {
  raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * The live side of discussions. Every server process LISTENs once on the discussions channel
 * (PostgreSQL NOTIFY reaches every process on the database) and fans each notification out to
 * its own connected streams whose user is a party of the discussion, or an administrator. The
 * payload carries ids only: the browser re-reads through the API, where the rights are checked.
 */
export default fp(
  async (fastify) => {
    const key = new TextEncoder().encode(fastify.config.sessionSecret);
    const clients = new Set<EventStreamClient>();

    async function deliver(notification: DiscussionNotification) {
      const event: DiscussionEvent = {
        type: notification.type,
        discussion_id: notification.discussion_id,
        message_id: notification.message_id,
      };
      // The message itself goes with the event (read once per process), so the other party shows it
      // without another round trip; NOTIFY itself carries ids only (its payload is capped at 8000 bytes).
      if ((event.type === 'message.created' || event.type === 'message.updated') && event.message_id !== null) {
        const message = await fastify.discussionsRepository.message(event.message_id);
        if (message) event.message = message;
      }
      const parties = new Set(notification.users);
      const countersFor = new Set<number>();
      for (const client of clients) {
        const party = parties.has(client.userId);
        if (notification.type !== 'counters' && (party || client.isAdministrator)) send(client.raw, event.type, event);
        if (party) countersFor.add(client.userId);
      }
      // Counters are per user: read once per user connected here, then sent to each of their streams.
      for (const userId of countersFor) {
        const counters = await fastify.discussionsRepository.counters(userId);
        for (const client of clients) {
          if (client.userId === userId)
            send(client.raw, 'counters', {
              type: 'counters',
              discussion_id: event.discussion_id,
              message_id: event.message_id,
              ...counters,
            });
        }
      }
    }

    const unlisten = await fastify.db.listen(DISCUSSIONS_CHANNEL, (payload) => {
      let notification: DiscussionNotification;
      try {
        notification = JSON.parse(payload) as DiscussionNotification;
      } catch {
        fastify.log.warn({ payload }, 'unreadable discussions notification');
        return;
      }
      deliver(notification).catch((error: unknown) => fastify.log.error({ err: error }, 'discussion event delivery failed'));
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

    const hub: DiscussionHub = {
      issueTicket: (userId, tokenVersion = 0) =>
        new SignJWT({ tv: tokenVersion })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuer(TICKET_ISSUER)
          .setAudience(TICKET_AUDIENCE)
          .setSubject(String(userId))
          .setIssuedAt()
          .setExpirationTime(`${EVENTS_TICKET_TTL_SECONDS}s`)
          .sign(key),
      async verifyTicket(ticket) {
        return (await hub.verifyTicketClaims(ticket))?.userId ?? null;
      },
      async verifyTicketClaims(ticket) {
        try {
          const { payload } = await jwtVerify(ticket, key, {
            issuer: TICKET_ISSUER,
            audience: TICKET_AUDIENCE,
            algorithms: ['HS256'],
            requiredClaims: ['sub', 'exp'],
          });
          const id = Number(payload.sub);
          const tokenVersion = payload.tv ?? 0;
          if (typeof tokenVersion !== 'number' || !Number.isInteger(tokenVersion)) return null;
          return Number.isInteger(id) && id > 0 ? { userId: id, tokenVersion } : null;
        } catch (error) {
          if (error instanceof errors.JOSEError) return null;
          throw error;
        }
      },
      attach(client) {
        clients.add(client);
        client.raw.on('close', () => clients.delete(client));
      },
      get size() {
        return clients.size;
      },
    };
    fastify.decorate('discussionHub', hub);
  },
  { name: 'discussion-hub', dependencies: ['config', 'database', 'discussions-repository'] },
);
