import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { adviceAcknowledgePath, type Advice } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format-day';

/**
 * On a must-read advice's page: what is asked and "I have read it", or when the reader confirmed.
 * Display-as only looks (the server refuses the confirmation): the button is not offered there.
 */
export function MustReadPanel({ advice, onChanged }: { advice: Advice; onChanged: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation('content');
  const { api, session } = useRemoteProps();
  const [busy, setBusy] = useState(false);
  if (!advice.must_read) return null;
  if (advice.acknowledged_at) {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(advice.acknowledged_at));
    return (
      <Text color="fg.muted" mb="4" role="status">
        {t('adviceDetails.acknowledged', { date })}
      </Text>
    );
  }

  async function acknowledge() {
    setBusy(true);
    try {
      await api.put(adviceAcknowledgePath(advice.id));
      await onChanged();
    } catch {
      // the API client has shown the error
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert.Root status="warning" mb="4">
      <Alert.Indicator />
      <Stack gap="3" flex="1" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} justify="space-between">
        <Alert.Title>
          {advice.must_read_by
            ? t('adviceDetails.mustReadByNotice', { date: formatDay(i18n.language, advice.must_read_by) })
            : t('adviceDetails.mustReadNotice')}
        </Alert.Title>
        {session.displayAs ? (
          <Text fontSize="sm">{t('adviceDetails.displayAsNoAcknowledge')}</Text>
        ) : (
          <Button colorPalette="brand" size="sm" loading={busy} onClick={() => void acknowledge()}>
            {t('adviceDetails.acknowledge')}
          </Button>
        )}
      </Stack>
    </Alert.Root>
  );
}
