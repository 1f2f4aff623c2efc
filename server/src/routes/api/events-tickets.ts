import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EVENTS_TICKET_TTL_SECONDS } from '../../plugins/app/discussions/discussion-hub';
import type { UserRecord } from '../../lib/auth/user-record';

/**
 * The live streams' tickets (discussions, Collectmaster, the notification centre).
 * EventSource sends no Authorization header: an authenticated POST gives a one-minute ticket that
 * names the person, and the stream's GET (public to the session guard) reads it.
 */
export async function issueEventsTicket(fastify: FastifyInstance, request: FastifyRequest) {
  return {
    ticket: await fastify.discussionHub.issueTicket(request.session.user.id, request.session.user.token_version),
    expires_in: EVENTS_TICKET_TTL_SECONDS,
  };
}

/** The answer (401) to a stream opened without a valid ticket. */
export const EVENTS_TICKET_REFUSED = 'Missing or expired events ticket';

/**
 * The person an events ticket names, or null for a missing or expired ticket, or one taken before
 * sign-out or "end sessions" (refused like its access token): answer EVENTS_TICKET_REFUSED then.
 */
export async function ticketHolder(fastify: FastifyInstance, ticket: string | undefined): Promise<UserRecord | null> {
  const claims = ticket ? await fastify.discussionHub.verifyTicketClaims(ticket) : null;
  const user = claims === null ? null : await fastify.usersRepository.findById(claims.userId);
  return user && user.token_version === claims!.tokenVersion ? user : null;
}
