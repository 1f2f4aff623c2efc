import type { ApiClient, Ticket, TicketCreateBody } from '@hub/shared/api';

/** POST /api/tickets: opens a ticket for the caller's entity. */
export function createTicket(api: ApiClient, body: TicketCreateBody): Promise<Ticket> {
  return api.post<Ticket>('/tickets', body);
}
