import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Discussion } from '@hub/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscussions } from '../api/get-discussions';
import { useDiscussionEvents } from '../hooks/use-discussion-events';
import { useRevalidateDiscussions } from '../hooks/use-revalidate-discussions';
import { DiscussionList } from './discussion-list';
import { LazyHistoryDialog } from './lazy-history-dialog';

/** /contact-close: the displayed user's closed discussions, read-only, each with its history. */
export function ClosedDiscussionsPage() {
  const { t } = useTranslation(['contact', 'common']);
  const all = useDiscussions('all');
  const revalidate = useRevalidateDiscussions();
  const [history, setHistory] = useState<Discussion | null>(null);
  useDiscussionEvents((event) => {
    if (event.type === 'discussion.closed') void revalidate();
  });
  const closed = (all.data?.items ?? []).filter((discussion) => discussion.status === 'closed');

  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Heading as="h1" size="2xl" mb="4">
        {t('closedTitle')}
      </Heading>
      {all.isLoading ? (
        <Stack direction="row" align="center" gap="3" role="status">
          <Spinner size="sm" />
          <Text>{t('loading')}</Text>
        </Stack>
      ) : all.error ? (
        <Stack align="start" gap="3" role="alert">
          <Text>{t('failed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void all.mutate()}>
            {t('common:retry')}
          </Button>
        </Stack>
      ) : (
        <DiscussionList label={t('closedTitle')} discussions={closed} emptyText={t('noClosed')} onHistory={setHistory} more={all.more} />
      )}
      <LazyHistoryDialog discussion={history} onClose={() => setHistory(null)} />
    </Box>
  );
}
