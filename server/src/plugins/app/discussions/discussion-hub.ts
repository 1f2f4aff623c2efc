import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { DiscussionEvent } from '@hub/shared/api';
import { DISCUSSIONS_CHANNEL, type DiscussionNotification } from './discussions-repository';
import { signedTickets } from '../../../lib/auth/signed-tickets';
import { openLiveChannel } from '../../../lib/live-streams';

/** EventSource sends no header: the browser trades its bearer token for this ticket, valid one minute. */
export const EVENTS_TICKET_TTL_SECONDS = 60;
const TICKET_AUDIENCE = 'hub-discussion-events';

export interface EventStreamClient {
  userId: number;
  isAdministrator: boolean;
  raw: ServerResponse;
  /** sessionStamp of the user at connection: the stream ends when it changes. */
  stamp?: string;
}

export interface DiscussionHub {
  /** `tokenVersion`: the user's users.token_version, so that ending their sessions ends the ticket too. */
  issueTicket(userId: number, tokenVersion?: number): Promise<string>;
  /** The user id of a valid ticket, else null. */
  verifyTicket(ticket: string): Promise<number | null>;
  /** The user id and token version of a valid ticket, else null. */
  verifyTicketClaims(ticket: string): Promise<{ userId: number; tokenVersion: number } | null>;
  /**
   * Keeps `client` until its connection closes, sending it the events it may see; with `afterId`
   * (its Last-Event-ID) first those it missed.
   */
  attach(client: EventStreamClient, afterId?: number | null): Promise<void>;
  /** An event of no id to one client, after whatever its replay sends (the counters on connecting). */
  send(client: EventStreamClient, event: string, data: unknown): void;
  /** Connected streams of this process (tests, metrics). */
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    discussionHub: DiscussionHub;
  }
}

/** What the discussions' NOTIFY carries (the parties are the notification's users). */
export type DiscussionPayload = Pick<DiscussionNotification, 'type' | 'discussion_id' | 'message_id'>;

/**
 * The live side of discussions. Every server process LISTENs once on the discussions channel
 * (PostgreSQL NOTIFY reaches every process on the database) and fans each event out to its own
 * connected streams whose user is a party of the discussion, or an administrator. Events carry
 * their id (live_events): a stream that reconnects with Last-Event-ID is sent what it missed.
 */
export default fp(
  async (fastify) => {
    const tickets = signedTickets(fastify.config.sessionSecret, TICKET_AUDIENCE, EVENTS_TICKET_TTL_SECONDS);

    const live = await openLiveChannel<DiscussionPayload, EventStreamClient>(fastify, {
      channel: DISCUSSIONS_CHANNEL,
      seesAll: (client) => client.isAdministrator,
      async deliver(notification, clients, send, replay) {
        const { payload, id } = notification;
        const event: DiscussionEvent = { type: payload.type, discussion_id: payload.discussion_id, message_id: payload.message_id };
        // The message itself goes with the event (read once per process), so the other party shows it
        // without another round trip; NOTIFY itself carries ids only (its payload is capped at 8000 bytes).
        // When that read fails (the database overloaded or away), the event still goes, without the
        // message: the browser re-reads it through the API. An event is never dropped for it.
        if ((event.type === 'message.created' || event.type === 'message.updated') && event.message_id !== null) {
          const message = await fastify.discussionsRepository.message(event.message_id).catch((error: unknown) => {
            fastify.log.warn({ err: error, message_id: event.message_id }, 'live event sent without its message');
            return null;
          });
          if (message) event.message = message;
        }
        const parties = new Set(notification.users);
        const countersFor = new Set<number>();
        for (const client of clients) {
          const party = parties.has(client.userId);
          if (event.type !== 'counters' && (party || client.isAdministrator)) send(client, event.type, event, id ?? undefined);
          if (party) countersFor.add(client.userId);
        }
        // A replay sends the counters once at its end (the route does), not after every event.
        if (replay) return;
        // Counters are per user: read once per user connected here, then sent to each of their streams.
        for (const userId of countersFor) {
          const counters = await fastify.discussionsRepository.counters(userId).catch((error: unknown) => {
            fastify.log.warn({ err: error, user_id: userId }, 'live counters not sent');
            return null;
          });
          if (!counters) continue;
          for (const client of clients) {
            if (client.userId === userId)
              send(client, 'counters', { type: 'counters', discussion_id: event.discussion_id, message_id: event.message_id, ...counters });
          }
        }
      },
    });

    const hub: DiscussionHub = {
      issueTicket: (userId, tokenVersion = 0) => tickets.issue({ userId, tokenVersion }),
      async verifyTicket(ticket) {
        return (await tickets.verify(ticket))?.userId ?? null;
      },
      async verifyTicketClaims(ticket) {
        const valid = await tickets.verify(ticket);
        return valid && { userId: valid.userId, tokenVersion: valid.tokenVersion };
      },
      attach: (client, afterId = null) => live.attach(client, afterId),
      send: (client, event, data) => live.send(client, event, data),
      get size() {
        return live.size;
      },
    };
    fastify.decorate('discussionHub', hub);
  },
  { name: 'discussion-hub', dependencies: ['config', 'database', 'hub-cache', 'discussions-repository'] },
);
