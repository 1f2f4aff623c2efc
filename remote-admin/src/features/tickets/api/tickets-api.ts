import type { ApiClient, EntityList, Ticket, TicketDetails, TicketList, TicketMessageBody, TicketStatus } from '@hub/shared/api';
import { parseId, TICKET_STATUSES } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams } from '@hub/shared/ui';
import useSWR from 'swr';

export const PAGE_SIZE = 20;

const isStatus = (value: string | undefined): value is TicketStatus => TICKET_STATUSES.includes(value as TicketStatus);

/** GET /api/admin/tickets: every company's tickets, filtered by status and company as the address says. */
export function getTickets(api: ApiClient, params: ListParams): Promise<TicketList> {
  const { status, entity } = params.filters;
  return api.get<TicketList>(
    '/tickets',
    {
      page: params.page,
      page_size: PAGE_SIZE,
      search: params.search || undefined,
      status: isStatus(status) ? status : undefined,
      entity_id: parseId(entity) ?? undefined,
    },
    { silent: true },
  );
}

export function useTickets(params: ListParams) {
  const { adminApi } = useRemoteProps();
  return useSWR(
    ['admin/tickets', params.page, params.search, params.filters.status, params.filters.entity],
    () => getTickets(adminApi, params),
    { keepPreviousData: true },
  );
}

/** GET /api/admin/tickets/{id}?before=…: the replies just older than a previous answer's `older_cursor`. */
export const getOlderReplies = (api: ApiClient, id: number, before: string) =>
  api.get<TicketDetails>(`/tickets/${id}`, { before }, { silent: true });

export function useTicket(id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : ['admin/ticket', id], () =>
    adminApi.get<TicketDetails>(`/tickets/${id}`, undefined, { silent: true }),
  );
}

/** PUT /api/admin/tickets/{id}: the new status, which the customer sees on /tickets. */
export const setTicketStatus = (api: ApiClient, id: number, status: TicketStatus) =>
  api.put<Ticket>(`/tickets/${id}`, { status }, { silent: true });

/** POST /api/admin/tickets/{id}/messages: a reply from the staff; answers the ticket with its conversation. */
export const replyToTicket = (api: ApiClient, id: number, body: TicketMessageBody) =>
  api.post<TicketDetails>(`/tickets/${id}/messages`, body, { silent: true });

/** Every company, for the company filter (an administrator's list, 100 at most). */
export function useCompanies() {
  const { adminApi } = useRemoteProps();
  return useSWR(['admin/entities/all'], () => adminApi.get<EntityList>('/entities', { page: 1, page_size: 100 }, { silent: true }));
}
