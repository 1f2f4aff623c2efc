import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The loading and failure states of the dashboards screens. */
export function LoadState({ loading, onRetry }: { loading: boolean; onRetry: () => void }) {
  const { t } = useTranslation('dashboards');
  return loading ? (
    <Stack direction="row" align="center" gap="3" role="status">
      <Spinner size="sm" color="brand.solid" />
      <Text>{t('loading')}</Text>
    </Stack>
  ) : (
    <Stack align="start" gap="3" role="alert">
      <Text>{t('loadFailed')}</Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </Stack>
  );
}
