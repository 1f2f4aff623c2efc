import type { ApiClient, TicketDetails, TicketMessageBody } from '@hub/shared/api';

/** POST /api/tickets/{id}/messages: the customer's answer in the conversation; answers the ticket with it. */
export function replyToTicket(api: ApiClient, id: number, body: TicketMessageBody): Promise<TicketDetails> {
  return api.post<TicketDetails>(`/tickets/${id}/messages`, body);
}
