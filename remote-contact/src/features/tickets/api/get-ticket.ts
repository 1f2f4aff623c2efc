import type { ApiClient, TicketDetails } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR from 'swr';

/** GET /api/tickets/{id}: a ticket of the caller's list with its conversation (staff replies included). */
export function getTicket(api: ApiClient, id: number): Promise<TicketDetails> {
  return api.get<TicketDetails>(`/tickets/${id}`, undefined, { silent: true });
}

/** Fetched only while `open` (the conversation is shown on demand). */
export function useTicket(id: number, open: boolean) {
  const { api, session } = useRemoteProps();
  return useSWR(open ? ['ticket', session.displayedUser.id, session.selectedEntityId, id] : null, () => getTicket(api, id));
}
