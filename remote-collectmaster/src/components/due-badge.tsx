import { Badge } from '@chakra-ui/react';
import { daysUntil, dueStatus, localDay, type DueStatus } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '@hub/shared/ui';

const PALETTE: Record<DueStatus, string> = { overdue: 'red', today: 'orange', soon: 'yellow', later: 'gray' };

/** A due date (YYYY-MM-DD) as the person reads it: "10 Mar 2031", in their language. */
export function useDueDate(): (dueOn: string) => string {
  const { language } = useRemoteProps();
  const format = dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (dueOn) => format.format(new Date(`${dueOn}T00:00:00Z`));
}

/**
 * Where an open request stands (docs/product.md §14): "Due by …", "Due in 2 days", "Due today", or
 * "Overdue since …", which also carries a warning sign and a solid colour: it never rests on colour
 * alone. `today` is the browser's day unless given (tests).
 */
export function DueBadge({ dueOn, today }: { dueOn: string; today?: string }) {
  const { t } = useTranslation('collectmaster');
  const dueDate = useDueDate();
  const day = today ?? localDay(new Date());
  const status = dueStatus(dueOn, day);
  const date = dueDate(dueOn);
  const text =
    status === 'overdue'
      ? t('due.overdue', { date })
      : status === 'today'
        ? t('due.today')
        : status === 'soon'
          ? t('due.soon', { count: daysUntil(dueOn, day) })
          : t('due.later', { date });
  return (
    <Badge
      colorPalette={PALETTE[status]}
      variant={status === 'overdue' ? 'solid' : 'subtle'}
      data-due={status}
      title={status === 'soon' || status === 'today' ? t('due.later', { date }) : undefined}
      whiteSpace="normal"
    >
      {status === 'overdue' ? <span aria-hidden="true">⚠ </span> : null}
      <time dateTime={dueOn}>{text}</time>
    </Badge>
  );
}
