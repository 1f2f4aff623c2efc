import type { ApiClient, TicketList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR from 'swr';

/** GET /api/tickets: the helpdesk tickets of the displayed user's entity (or the entity in force), newest first. */
export function getTickets(api: ApiClient): Promise<TicketList> {
  return api.get<TicketList>('/tickets', { page_size: 100 });
}

export function ticketsKey(userId: number, entityId: number | null) {
  return ['tickets', userId, entityId] as const;
}

export function useTickets() {
  const { api, session } = useRemoteProps();
  return useSWR(ticketsKey(session.displayedUser.id, session.selectedEntityId), () => getTickets(api));
}
