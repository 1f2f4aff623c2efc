import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { useRemoteProps } from '@hub/shared/remote';
import { LoadState } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useEntities } from '../../../api/file-exchange';
import { PageFrame } from '../../../components/page-frame';
import { paths } from '../../../paths';

/**
 * /collectmaster: the publisher's staff choose a company; a customer (or an Entity Admin), who sees
 * only his own, lands on it at once.
 */
export function EntitiesPage() {
  const { t } = useTranslation('collectmaster');
  const { session } = useRemoteProps();
  const { data, error, isLoading, mutate } = useEntities();
  const ownEntity = session.displayedUser.entity;
  if (data && ownEntity && data.items.length === 1) return <Navigate to={paths.entity(data.items[0]!.slug)} replace />;
  return (
    <PageFrame
      title={t('title')}
      crumbs={[]}
      actions={
        <Button asChild variant="outline" size="sm">
          <RouterLink to={paths.latest}>{t('latestLink')}</RouterLink>
        </Button>
      }
    >
      <Text color="fg.muted" mb="4">
        {t('entities.choose')}
      </Text>
      {isLoading ? (
        <LoadState status="loading" loadingText={t('entities.loading')} />
      ) : error || !data ? (
        <LoadState status="error" failedText={t('entities.failed')} onRetry={() => void mutate()} />
      ) : data.items.length === 0 ? (
        <LoadState status="empty" emptyText={t('entities.empty')} />
      ) : (
        <Stack as="ul" aria-label={t('entities.title')} gap="2" p="0" m="0">
          {data.items.map((entity) => (
            <Box as="li" key={entity.id} listStyleType="none" borderWidth="1px" borderRadius="md" bg="bg">
              <Link asChild display="block" p="3" fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }}>
                <RouterLink to={paths.entity(entity.slug)}>{entity.name}</RouterLink>
              </Link>
            </Box>
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}
