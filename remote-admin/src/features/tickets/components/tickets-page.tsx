import { Link, Text } from '@chakra-ui/react';
import { TICKET_STATUSES, type Ticket } from '@hub/shared/api';
import { dateTimeFormat, type ListColumn, ListFilter, ListFrame, useListParams } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { detailsPath, paths } from '../../../paths';
import { useCompanies, useTickets } from '../api/tickets-api';
import { TicketStatusBadge } from './ticket-status-badge';
import { listFrameState } from '../../../lib/console-list';

const FILTERS = ['status', 'entity'] as const;

/** /admin/tickets (administrator): every company's helpdesk tickets, newest first, by status and company. */
export function TicketsPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams(FILTERS);
  const { params } = list;
  const source = useTickets(params);
  const companies = useCompanies();
  const dateTime = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: ListColumn<Ticket>[] = [
    {
      key: 'title',
      header: t('tickets.subject'),
      render: (ticket) => (
        <Link asChild color="brand.fg" fontWeight="medium" wordBreak="break-word">
          <RouterLink to={detailsPath(paths.tickets, ticket.id)}>{ticket.title}</RouterLink>
        </Link>
      ),
    },
    { key: 'entity', header: t('tickets.entity'), render: (ticket) => ticket.entity?.name ?? t('tickets.noEntity') },
    { key: 'status', header: t('tickets.status'), render: (ticket) => <TicketStatusBadge status={ticket.status} /> },
    {
      key: 'author',
      header: t('tickets.author'),
      render: (ticket) => (
        <Text as="span" wordBreak="break-word">
          {ticket.author ? `${ticket.author.first_name} ${ticket.author.last_name}` : t('tickets.unknownAuthor')}
        </Text>
      ),
    },
    { key: 'updated_at', header: t('tickets.lastActivity'), render: (ticket) => dateTime.format(new Date(ticket.updated_at)) },
    { key: 'messages_count', header: t('tickets.replies'), render: (ticket) => ticket.messages_count },
  ];

  return (
    <ListFrame
      title={t('tickets.title')}
      list={list}
      {...listFrameState(source)}
      columns={columns}
      rowKey={(ticket) => ticket.id}
      filters={
        <>
          <ListFilter
            label={t('tickets.status')}
            value={params.filters.status ?? ''}
            onChange={(value) => list.setFilter('status', value)}
            allLabel={t('tickets.allStatuses')}
            options={TICKET_STATUSES.map((status) => ({ value: status, label: t(`tickets.statuses.${status}`) }))}
          />
          <ListFilter
            label={t('tickets.entity')}
            value={params.filters.entity ?? ''}
            onChange={(value) => list.setFilter('entity', value)}
            allLabel={t('tickets.allEntities')}
            options={(companies.data?.items ?? []).map((entity) => ({ value: String(entity.id), label: entity.name }))}
          />
        </>
      }
      emptyText={t('tickets.empty')}
    />
  );
}
