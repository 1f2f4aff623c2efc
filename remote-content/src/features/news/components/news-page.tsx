import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { NewsItem } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@hub/shared/ui';
import { useNewsItems } from '../api/get-news-items';
import { splitPinned } from '../hooks/split-pinned';
import { NewsCard } from './news-card';

function NewsSection({ id, title, items }: { id: string; title: string; items: NewsItem[] }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading as="h2" size="lg" mb="3" id={id}>
        {title}
      </Heading>
      <SimpleGrid as="ul" columns={{ base: 1, lg: 2 }} gap="4" listStyleType="none" aria-labelledby={id}>
        {items.map((item) => (
          <li key={item.id}>
            <NewsCard item={item} />
          </li>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** /news-items: the pinned-news section on top, then the other news. */
export function NewsPage() {
  const { t } = useTranslation('content');
  const { data, error, isLoading, mutate } = useNewsItems();
  const { pinned, others } = splitPinned(data?.items ?? []);
  return (
    <Box as="section" p={{ base: '4', md: '6' }} aria-labelledby="news-title">
      <Heading as="h1" size="2xl" mb="6" id="news-title">
        {t('news.title')}
      </Heading>
      {isLoading || error ? (
        <LoadState
          status={isLoading ? 'loading' : 'error'}
          loadingText={t('news.loading')}
          failedText={t('news.loadFailed')}
          onRetry={() => void mutate()}
        />
      ) : pinned.length + others.length === 0 ? (
        <Text color="fg.muted">{t('news.empty')}</Text>
      ) : (
        <Stack gap="8">
          {pinned.length ? <NewsSection id="pinned-news-title" title={t('news.pinnedTitle')} items={pinned} /> : null}
          {others.length ? <NewsSection id="latest-news-title" title={t('news.latestTitle')} items={others} /> : null}
        </Stack>
      )}
    </Box>
  );
}
