import type { ApiClient, TicketDetails } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR from 'swr';

/**
 * GET /api/tickets/{id}: a ticket of the caller's list with the latest replies of its conversation
 * (staff replies included), or the ones just older than `before` (a previous answer's `older_cursor`).
 */
export function getTicket(api: ApiClient, id: number, before?: string): Promise<TicketDetails> {
  return api.get<TicketDetails>(`/tickets/${id}`, before ? { before } : undefined, { silent: true });
}

/** Fetched only while `open` (the conversation is shown on demand). */
export function useTicket(id: number, open: boolean) {
  const { api, session } = useRemoteProps();
  return useSWR(open ? ['ticket', session.displayedUser.id, session.selectedEntityId, id] : null, () => getTicket(api, id));
}
