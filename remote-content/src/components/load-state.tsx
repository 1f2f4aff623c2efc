import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Loading (a status) or failure (an alert with a retry) of a content screen. */
export function LoadState({
  loading,
  loadingText,
  failedText,
  onRetry,
}: {
  loading: boolean;
  loadingText: string;
  failedText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('content');
  return loading ? (
    <Stack direction="row" align="center" gap="3" role="status">
      <Spinner size="sm" color="brand.solid" />
      <Text>{loadingText}</Text>
    </Stack>
  ) : (
    <Stack align="start" gap="3" role="alert">
      <Text>{failedText}</Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </Stack>
  );
}
