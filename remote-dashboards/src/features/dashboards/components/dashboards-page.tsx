import { Badge, Box, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../paths';
import { useDashboards } from '../api/get-dashboards';
import { DataAsOf, LoadState } from '@hub/shared/ui';

import { FavouriteButton } from './favourite-button';

/** /dashboards: the dashboards of the displayed user, their favourites first (the server's order). */
export function DashboardsPage() {
  const { t } = useTranslation('dashboards');
  const { data, error, isLoading, mutate } = useDashboards();
  const dashboards = data?.items ?? [];
  return (
    <Box as="section" p={{ base: '4', md: '6' }} aria-labelledby="dashboards-title">
      <Heading as="h1" size="2xl" mb="6" id="dashboards-title">
        {t('title')}
      </Heading>
      {isLoading || error ? (
        <LoadState
          status={isLoading ? 'loading' : 'error'}
          loadingText={t('loading')}
          failedText={t('loadFailed')}
          onRetry={() => void mutate()}
        />
      ) : dashboards.length === 0 ? (
        <Text color="fg.muted">{t('empty')}</Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" aria-label={t('title')}>
          {dashboards.map((dashboard) => (
            <li key={dashboard.id}>
              <Card.Root as="article" size="sm" aria-labelledby={`dashboard-${dashboard.id}`}>
                <Card.Body gap="2">
                  <HStack justify="space-between" align="start" gap="2">
                    <Stack gap="2" minW="0">
                      {dashboard.tag ? (
                        <HStack>
                          <Badge colorPalette="brand" variant="subtle">
                            {dashboard.tag}
                          </Badge>
                        </HStack>
                      ) : null}
                      <Heading as="h2" size="md" id={`dashboard-${dashboard.id}`}>
                        <Link asChild color="fg" _hover={{ color: 'brand.fg' }}>
                          <RouterLink to={paths.dashboard(dashboard.id)}>{dashboard.title}</RouterLink>
                        </Link>
                      </Heading>
                    </Stack>
                    <FavouriteButton dashboard={dashboard} onChanged={() => mutate()} />
                  </HStack>
                  {dashboard.entity ? <Text color="fg.muted">{dashboard.entity.name}</Text> : null}
                  <DataAsOf data={dashboard.data} />
                </Card.Body>
              </Card.Root>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
