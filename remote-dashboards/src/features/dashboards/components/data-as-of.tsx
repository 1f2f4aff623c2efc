import { HStack, Stack, Text } from '@chakra-ui/react';
import type { DashboardData } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';
import { formatDataDate, freshness } from '../lib/data-freshness';

/** "Data as of …" in the person's language and time zone, and a warning when the last refresh failed or is old. */
export function DataAsOf({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation('dashboards');
  const { asOf, warning } = freshness(data);
  const date = (iso: string) => formatDataDate(iso, i18n.language);
  return (
    <Stack gap="1" data-freshness={data.state}>
      <Text color="fg.muted" fontSize="sm">
        {asOf ? t('data.asOf', { date: date(asOf) }) : t('data.unknown')}
      </Text>
      {warning ? (
        <HStack gap="1" color="orange.fg" fontSize="sm" align="start">
          <span aria-hidden="true">⚠</span>
          <Text>{warning === 'failed' ? t('data.failed', { date: date(data.failed_at ?? asOf ?? '') }) : t('data.stale')}</Text>
        </HStack>
      ) : null}
    </Stack>
  );
}
