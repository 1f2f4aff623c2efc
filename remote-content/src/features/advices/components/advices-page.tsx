import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { LoadState } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { useAdvices } from '../api/get-advices';
import { useSortedAdvices } from '../hooks/use-sorted-advices';
import { AdviceCard } from './advice-card';

/** /advices: the displayed user's advices, pinned first. */
export function AdvicesPage() {
  const { t } = useTranslation('content');
  const { data, error, isLoading, mutate } = useAdvices();
  const advices = useSortedAdvices(data?.items);
  return (
    <Box as="section" p="6" aria-labelledby="advices-title">
      <Heading as="h1" size="2xl" mb="6" id="advices-title">
        {t('advices.title')}
      </Heading>
      {isLoading || error ? (
        <LoadState
          status={isLoading ? 'loading' : 'error'}
          loadingText={t('advices.loading')}
          failedText={t('advices.loadFailed')}
          onRetry={() => void mutate()}
        />
      ) : advices.length === 0 ? (
        <Text color="fg.muted">{t('advices.empty')}</Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" aria-label={t('advices.title')}>
          {advices.map((advice) => (
            <li key={advice.id}>
              <AdviceCard advice={advice} />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
