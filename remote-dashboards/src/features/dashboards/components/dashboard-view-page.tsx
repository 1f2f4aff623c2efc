import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { paths } from '../../../paths';
import { useDashboard } from '../api/get-dashboards';
import { useRemoteProps } from '@hub/shared/remote';
import { embedUrl, readReportingHost } from '../lib/embed-url';
import { DashboardEmbed } from './dashboard-embed';
import { DataAsOf, LoadState } from '@hub/shared/ui';
import { askConsultantPath } from '../lib/ask-consultant';

import { FavouriteButton } from './favourite-button';

/** The portal address of a dashboard, for a message. */
const dashboardLink = (id: number) => new URL(paths.dashboard(id), window.location.origin).href;

/** /dashboards/:id: one dashboard, read by id, embedded, with its star, how fresh its data is, and "Ask my consultant". */
export function DashboardViewPage() {
  const { t } = useTranslation('dashboards');
  const { id } = useParams();
  const { identityToken, session, navigate } = useRemoteProps();
  // Only someone with a consultant asks one; display-as only shows the portal as them.
  const canAsk = session.displayedUser.contacts.length > 0 && session.displayAs === null;
  const { data: dashboard, error, isLoading, mutate } = useDashboard(id && /^\d+$/.test(id) ? Number(id) : null);
  const src = useMemo(
    () => (dashboard ? embedUrl(dashboard.url, { reportingHost: readReportingHost(), idToken: identityToken() }) : ''),
    [dashboard, identityToken],
  );
  return (
    <Box as="section" p={{ base: '4', md: '6' }} display="flex" flexDirection="column" minH="full" gap="4">
      <Link asChild color="brand.fg" alignSelf="start">
        <RouterLink to={paths.dashboards}>{t('view.back')}</RouterLink>
      </Link>
      {isLoading || error ? (
        <LoadState
          status={isLoading ? 'loading' : 'error'}
          loadingText={t('loading')}
          failedText={t('loadFailed')}
          onRetry={() => void mutate()}
        />
      ) : !dashboard ? (
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            {t('view.notFoundTitle')}
          </Heading>
          <Text color="fg.muted">{t('view.notFound')}</Text>
        </Stack>
      ) : (
        <>
          <HStack justify="space-between" align="start" wrap="wrap" gap="2">
            <Stack gap="1" minW="0">
              <HStack gap="1" align="center">
                <Heading as="h1" size="2xl">
                  {dashboard.title}
                </Heading>
                <FavouriteButton dashboard={dashboard} onChanged={() => mutate()} />
              </HStack>
              <DataAsOf data={dashboard.data} />
            </Stack>
            {canAsk ? (
              <Button
                variant="outline"
                onClick={() =>
                  navigate(
                    askConsultantPath(
                      dashboard,
                      t('ask.message', { title: dashboard.title, link: dashboardLink(dashboard.id) }),
                      session.displayedUser.open_discussion_counter > 0,
                    ),
                  )
                }
              >
                {t('ask.button')}
              </Button>
            ) : null}
          </HStack>
          <Box flex="1" minH="60vh">
            <DashboardEmbed id={dashboard.id} title={dashboard.title} src={src} />
          </Box>
        </>
      )}
    </Box>
  );
}
