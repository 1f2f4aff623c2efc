import { Badge } from '@chakra-ui/react';
import type { TicketStatus } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TicketStatus, string> = { open: 'blue', in_progress: 'orange', closed: 'gray' };

/** A ticket's status as a coloured badge with its name (the colour never says it alone). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('admin');
  return <Badge colorPalette={COLOURS[status]}>{t(`tickets.statuses.${status}`)}</Badge>;
}
