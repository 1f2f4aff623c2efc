import { HStack, Stack, Text } from '@chakra-ui/react';
import type { DashboardData } from '../api/dashboards';
import { useTranslation } from 'react-i18next';
import { formatDataDate, freshness } from './data-freshness';

/**
 * "Data as of …" for a report, in the person's language and time zone, and a warning when its last
 * refresh failed or is older than the server's staleness limit (docs/product.md, dashboards). The
 * dashboards' list and page show it, and the consoles' dashboard list (`size="xs"` there).
 */
export function DataAsOf({ data, size = 'sm' }: { data: DashboardData; size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation('common');
  const { asOf, warning } = freshness(data);
  const date = (iso: string) => formatDataDate(iso, i18n.language);
  return (
    <Stack gap="1" data-freshness={data.state}>
      <Text color="fg.muted" fontSize={size}>
        {asOf ? t('dataAsOf.asOf', { date: date(asOf) }) : t('dataAsOf.unknown')}
      </Text>
      {warning ? (
        <HStack gap="1" color="orange.fg" fontSize={size} align="start">
          <span aria-hidden="true">⚠</span>
          <Text>{warning === 'failed' ? t('dataAsOf.failed', { date: date(data.failed_at ?? asOf ?? '') }) : t('dataAsOf.stale')}</Text>
        </HStack>
      ) : null}
    </Stack>
  );
}
