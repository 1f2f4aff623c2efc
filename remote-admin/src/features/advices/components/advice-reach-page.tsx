import { Box, Button, Heading, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { adviceReachCsvPath, adviceReachPath, parseId, type AdviceReach } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { downloadCsv, LoadState } from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { EntityGate } from '../../../components/entity-gate';
import { detailsPath, paths } from '../../../paths';
import { advicesApi } from '../api/advices-api';

const PAGE_SIZE = 20;

/** /entity/admin/advices/details/{id}/reach: who receives the advice, who opened it, who confirmed. */
export function AdviceReachPage() {
  return (
    <EntityGate>
      <AdviceReachView />
    </EntityGate>
  );
}

function AdviceReachView() {
  const { t, i18n } = useTranslation('admin');
  const { adminApi, notify } = useRemoteProps();
  const id = parseId(useParams().id);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const advice = advicesApi.useItem(id);
  const reach = useSWR(
    id === null ? null : ['admin', 'advices', 'reach', id, page],
    () => adminApi.get<AdviceReach>(adviceReachPath(id!), { page, page_size: PAGE_SIZE }, { silent: true }),
    // The page shown stays while the next one comes: the counts and the table do not blink.
    { keepPreviousData: true },
  );
  if (id === null) return null;
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const when = (value: string | null) =>
    value ? dates.format(new Date(value.length === 10 ? `${value}T12:00:00Z` : value)) : t('adviceReach.notYet');
  const data = reach.data;
  const pages = data ? Math.max(1, Math.ceil(data.people.total / PAGE_SIZE)) : 1;

  const download = async () => {
    setDownloading(true);
    try {
      downloadCsv(`advice-${id}-reach.csv`, await adminApi.get<string>(adviceReachCsvPath(id)));
    } catch {
      notify({ kind: 'error', message: t('adviceReach.loadFailed') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box as="section" p={{ base: '3', md: '6' }} aria-labelledby="reach-title" maxW="64rem">
      <Link asChild color="brand.fg" fontSize="sm" mb="2">
        <RouterLink to={detailsPath(paths.advices, id)}>{`← ${t('adviceReach.back')}`}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="4" id="reach-title" wordBreak="break-word">
        {t('adviceReach.reachTitle', { title: advice.data?.title ?? '' })}
      </Heading>
      {!data ? (
        <LoadState
          status={reach.error ? 'error' : 'loading'}
          loadingText={t('adviceReach.loading')}
          failedText={t('adviceReach.loadFailed')}
          onRetry={() => void reach.mutate()}
          minHeight="20rem"
        />
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" as="dl">
            {(
              [
                ['recipients', data.totals.recipients],
                ['viewed', data.totals.viewed],
                ['acknowledged', data.totals.acknowledged],
              ] as const
            ).map(([key, value]) => (
              <Box key={key} borderWidth="1px" borderRadius="md" p="4">
                <Text as="dt" color="fg.muted" fontSize="sm">
                  {t(`adviceReach.${key}`)}
                </Text>
                <Text as="dd" fontSize="2xl" fontWeight="semibold">
                  {value.toLocaleString(i18n.language)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          <Box>
            <Heading as="h2" size="lg" mb="2">
              {t('adviceReach.byCompany')}
            </Heading>
            <Table.Root size="sm" aria-label={t('adviceReach.byCompany')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('adviceReach.company')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('adviceReach.recipients')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('adviceReach.viewed')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('adviceReach.acknowledged')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.companies.map((company) => (
                  <Table.Row key={company.entity_id ?? 'none'}>
                    <Table.Cell>{company.entity_name ?? '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{company.recipients}</Table.Cell>
                    <Table.Cell textAlign="end">{company.viewed}</Table.Cell>
                    <Table.Cell textAlign="end">{company.acknowledged}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Box>
            <HStack justify="space-between" mb="2" wrap="wrap">
              <Heading as="h2" size="lg">
                {t('adviceReach.people')}
              </Heading>
              <Button size="sm" variant="outline" loading={downloading} onClick={() => void download()}>
                {t('adviceReach.downloadCsv')}
              </Button>
            </HStack>
            {data.people.total === 0 ? (
              <Text color="fg.muted">{t('adviceReach.empty')}</Text>
            ) : (
              <>
                <Table.ScrollArea>
                  <Table.Root size="sm" aria-label={t('adviceReach.people')}>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('adviceReach.person')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('adviceReach.email')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('adviceReach.lastViewed')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('adviceReach.acknowledgedAt')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {data.people.items.map((person) => (
                        <Table.Row key={person.id}>
                          <Table.Cell>{`${person.first_name} ${person.last_name}`}</Table.Cell>
                          <Table.Cell>{person.email}</Table.Cell>
                          <Table.Cell>{when(person.last_viewed_on)}</Table.Cell>
                          <Table.Cell>{data.must_read ? when(person.acknowledged_at) : '—'}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
                <HStack justify="flex-end" mt="3" gap="3">
                  <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('adviceReach.previous')}
                  </Button>
                  <Text fontSize="sm">{t('adviceReach.page', { page, pages })}</Text>
                  <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    {t('adviceReach.next')}
                  </Button>
                </HStack>
              </>
            )}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
