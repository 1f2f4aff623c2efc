import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useRemoteProps } from '@hub/shared/remote';
import { dateTimeFormat, LoadState } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useLatest } from '../../../api/file-exchange';
import { FileStateChip } from '../../../components/file-state-chip';
import { PageFrame } from '../../../components/page-frame';
import { paths } from '../../../paths';

/** How many files the latest-files page lists. */
export const LATEST_PAGE_SIZE = 20;

/** /collectmaster/latest-files: the files last changed in what the user sees, newest first. */
export function LatestPage() {
  const { t } = useTranslation('collectmaster');
  const { language } = useRemoteProps();
  const { data, error, isLoading, mutate } = useLatest(LATEST_PAGE_SIZE);
  const dates = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <PageFrame title={t('latest.title')} crumbs={[{ label: t('title'), to: paths.collectmaster }, { label: t('latest.title') }]}>
      {isLoading ? (
        <LoadState status="loading" loadingText={t('latest.loading')} />
      ) : error || !data ? (
        <LoadState status="error" failedText={t('latest.failed')} onRetry={() => void mutate()} />
      ) : data.items.length === 0 ? (
        <LoadState status="empty" emptyText={t('latest.empty')} />
      ) : (
        <Stack as="ul" aria-label={t('latest.title')} gap="2" p="0" m="0">
          {data.items.map((file) => (
            <Box as="li" key={file.id} listStyleType="none" borderWidth="1px" borderRadius="md" bg="bg" p="3">
              <HStack justify="space-between" align="start" gap="2">
                <Box minW="0">
                  <Link asChild fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }} wordBreak="break-word">
                    <RouterLink to={paths.folder(file.entity_slug, file.collection_id, file.folder_id)}>
                      {file.name_original || file.name}
                    </RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    {t('latest.where', { entity: file.entity, project: file.project, folder: file.folder })} ·{' '}
                    <time dateTime={file.updated_at}>{dates.format(new Date(file.updated_at))}</time>
                  </Text>
                </Box>
                <FileStateChip state={file.state} />
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}
