import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoadStateProps {
  /** What is shown: the loading placeholder, the failure with its retry, or the empty state. */
  status: 'loading' | 'error' | 'empty';
  /** Loading text; 'Loading…' by default. */
  loadingText?: string;
  /** Failure text; 'This could not be loaded.' by default. */
  failedText?: string;
  /** Empty text; 'Nothing here yet.' by default. */
  emptyText?: string;
  /** The Retry button of the failure state (no button without it). */
  onRetry?: () => void;
  /** Height kept by every state, so the page does not jump when the data arrives. */
  minHeight?: string;
  /** Shown under the empty text (a "create the first one" button, say). */
  emptyAction?: ReactNode;
}

/** The one loading / failure / empty state of the portal's screens (docs/product.md §2; the consoles' frame: docs/consoles.md). */
export function LoadState({ status, loadingText, failedText, emptyText, onRetry, minHeight, emptyAction }: LoadStateProps) {
  const { t } = useTranslation('common');
  if (status === 'loading') {
    return (
      <Stack direction="row" align="center" gap="3" role="status" aria-busy="true" minHeight={minHeight}>
        <Spinner size="sm" color="brand.solid" />
        <Text>{loadingText ?? t('loading')}</Text>
      </Stack>
    );
  }
  if (status === 'error') {
    return (
      <Stack align="start" gap="3" role="alert" minHeight={minHeight}>
        <Text>{failedText ?? t('loadFailed')}</Text>
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Box minHeight={minHeight}>
      <Text color="fg.muted">{emptyText ?? t('empty')}</Text>
      {emptyAction && <Box mt="3">{emptyAction}</Box>}
    </Box>
  );
}
