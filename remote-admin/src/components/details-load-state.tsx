import { Box } from '@chakra-ui/react';
import { LoadState } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';

/** A details page while its item loads, or why it is not there: not found (no retry) or failed (retry). */
export function DetailsLoadState({ isLoading, missing, onRetry }: { isLoading: boolean; missing: boolean; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <LoadState
        status={isLoading ? 'loading' : 'error'}
        failedText={missing ? t('notFound') : undefined}
        onRetry={missing ? undefined : onRetry}
      />
    </Box>
  );
}
